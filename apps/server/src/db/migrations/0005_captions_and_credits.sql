CREATE TABLE "caption_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"speaker_id" integer NOT NULL,
	"speaker_name" text NOT NULL,
	"text" text NOT NULL,
	"language" text NOT NULL,
	"engine" text NOT NULL,
	"start_time" bigint NOT NULL,
	"end_time" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "speech_settings" (
	"conference_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"captions_on" boolean DEFAULT true NOT NULL,
	"speak_language" text DEFAULT 'en' NOT NULL,
	"caption_language" text DEFAULT '' NOT NULL,
	"interpret_on" boolean DEFAULT false NOT NULL,
	"interpret_target" text DEFAULT '' NOT NULL,
	"interpret_tone" integer DEFAULT 1 NOT NULL,
	"listen_language" text DEFAULT '' NOT NULL,
	CONSTRAINT "speech_settings_conference_id_user_id_pk" PRIMARY KEY("conference_id","user_id")
);
--> statement-breakpoint
DROP INDEX "credit_ledger_user_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "credit_balance" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "conference_id" integer;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "charge_key" text;--> statement-breakpoint
ALTER TABLE "conferences" ADD COLUMN "captions_locked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "caption_lines" ADD CONSTRAINT "caption_lines_conference_id_conferences_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conferences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caption_lines" ADD CONSTRAINT "caption_lines_speaker_id_users_id_fk" FOREIGN KEY ("speaker_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "speech_settings" ADD CONSTRAINT "speech_settings_conference_id_conferences_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conferences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "speech_settings" ADD CONSTRAINT "speech_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "caption_lines_conf_idx" ON "caption_lines" USING btree ("conference_id","start_time");--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_conference_id_conferences_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conferences"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_charge_key_uq" ON "credit_ledger" USING btree ("charge_key");--> statement-breakpoint
CREATE INDEX "credit_ledger_user_idx" ON "credit_ledger" USING btree ("user_id","id");--> statement-breakpoint
UPDATE "users" SET "credit_balance" = COALESCE((SELECT SUM("delta") FROM "credit_ledger" WHERE "credit_ledger"."user_id" = "users"."id"), 0);
