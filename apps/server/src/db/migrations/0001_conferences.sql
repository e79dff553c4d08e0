CREATE TABLE "conference_blocklist" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conference_evaluations" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"score" integer NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conference_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"device_id" text NOT NULL,
	"user_conference_name" text NOT NULL,
	"voice_language" text DEFAULT '' NOT NULL,
	"subtitle" integer DEFAULT 0 NOT NULL,
	"translate" integer DEFAULT 0 NOT NULL,
	"state" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"left_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "conferences" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" text NOT NULL,
	"conference_uri" text NOT NULL,
	"topic" text NOT NULL,
	"creator_id" integer NOT NULL,
	"host_id" integer NOT NULL,
	"status" integer NOT NULL,
	"reserved" boolean NOT NULL,
	"timezone" text NOT NULL,
	"start_time" bigint NOT NULL,
	"end_time" bigint,
	"asr_status" integer DEFAULT 0 NOT NULL,
	"translate" integer DEFAULT 0 NOT NULL,
	"conf_mute" integer DEFAULT 0 NOT NULL,
	"lock_room" boolean DEFAULT false NOT NULL,
	"waiting_room" boolean DEFAULT false NOT NULL,
	"record_status" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "conferences_conference_id_unique" UNIQUE("conference_id"),
	CONSTRAINT "conferences_conference_uri_unique" UNIQUE("conference_uri")
);
--> statement-breakpoint
ALTER TABLE "conference_blocklist" ADD CONSTRAINT "conference_blocklist_conference_id_conferences_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conferences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conference_blocklist" ADD CONSTRAINT "conference_blocklist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conference_evaluations" ADD CONSTRAINT "conference_evaluations_conference_id_conferences_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conferences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conference_evaluations" ADD CONSTRAINT "conference_evaluations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conference_members" ADD CONSTRAINT "conference_members_conference_id_conferences_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conferences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conference_members" ADD CONSTRAINT "conference_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conferences" ADD CONSTRAINT "conferences_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conference_blocklist_uq" ON "conference_blocklist" USING btree ("conference_id","user_id");--> statement-breakpoint
CREATE INDEX "conference_members_conf_idx" ON "conference_members" USING btree ("conference_id","state");--> statement-breakpoint
CREATE INDEX "conference_members_user_idx" ON "conference_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "conferences_creator_idx" ON "conferences" USING btree ("creator_id","status");--> statement-breakpoint
CREATE INDEX "conferences_status_idx" ON "conferences" USING btree ("status");