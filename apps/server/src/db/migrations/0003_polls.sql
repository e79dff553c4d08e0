CREATE TABLE "poll_ballots" (
	"id" serial PRIMARY KEY NOT NULL,
	"poll_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"nickname" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "poll_choices" (
	"ballot_id" integer NOT NULL,
	"option_id" integer NOT NULL,
	CONSTRAINT "poll_choices_ballot_id_option_id_pk" PRIMARY KEY("ballot_id","option_id")
);
--> statement-breakpoint
CREATE TABLE "poll_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"option_no" integer NOT NULL,
	"option_desc" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "poll_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"poll_id" integer NOT NULL,
	"question_no" integer NOT NULL,
	"title" text NOT NULL,
	"type" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "polls" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"creator_id" integer NOT NULL,
	"title" text NOT NULL,
	"anonymous" boolean NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"result_published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "poll_ballots" ADD CONSTRAINT "poll_ballots_poll_id_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_ballots" ADD CONSTRAINT "poll_ballots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_choices" ADD CONSTRAINT "poll_choices_ballot_id_poll_ballots_id_fk" FOREIGN KEY ("ballot_id") REFERENCES "public"."poll_ballots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_choices" ADD CONSTRAINT "poll_choices_option_id_poll_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."poll_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_options" ADD CONSTRAINT "poll_options_question_id_poll_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."poll_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_questions" ADD CONSTRAINT "poll_questions_poll_id_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "polls" ADD CONSTRAINT "polls_conference_id_conferences_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conferences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "polls" ADD CONSTRAINT "polls_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "poll_ballots_uq" ON "poll_ballots" USING btree ("poll_id","user_id");--> statement-breakpoint
CREATE INDEX "poll_choices_option_idx" ON "poll_choices" USING btree ("option_id");--> statement-breakpoint
CREATE UNIQUE INDEX "poll_options_uq" ON "poll_options" USING btree ("question_id","option_no");--> statement-breakpoint
CREATE UNIQUE INDEX "poll_questions_uq" ON "poll_questions" USING btree ("poll_id","question_no");--> statement-breakpoint
CREATE INDEX "polls_conference_idx" ON "polls" USING btree ("conference_id");