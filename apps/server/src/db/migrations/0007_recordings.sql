CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"push_type" text NOT NULL,
	"content" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "recording_access" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"recording_id" integer NOT NULL,
	"applicant_id" integer NOT NULL,
	"status" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"hidden_at" timestamp with time zone,
	CONSTRAINT "recording_access_request_id_unique" UNIQUE("request_id")
);
--> statement-breakpoint
CREATE TABLE "recording_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"recording_id" integer NOT NULL,
	"type" text NOT NULL,
	"user_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recording_speakers" (
	"id" serial PRIMARY KEY NOT NULL,
	"recording_id" integer NOT NULL,
	"speaker_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recording_streams" (
	"id" serial PRIMARY KEY NOT NULL,
	"recording_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"source" text NOT NULL,
	"file_prefix" text NOT NULL,
	"display_name" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"stopped_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "recording_transcript" (
	"id" serial PRIMARY KEY NOT NULL,
	"recording_id" integer NOT NULL,
	"speaker_id" integer NOT NULL,
	"text" text NOT NULL,
	"language" text DEFAULT '' NOT NULL,
	"start_time" bigint NOT NULL,
	"end_time" bigint NOT NULL,
	"origin" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recordings" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_id" text NOT NULL,
	"conference_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"record_type" text NOT NULL,
	"layout" text NOT NULL,
	"status" text NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"stage" text DEFAULT '' NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"stopped_at" timestamp with time zone,
	"duration_ms" bigint DEFAULT 0 NOT NULL,
	"size_bytes" bigint DEFAULT 0 NOT NULL,
	"video_key" text DEFAULT '' NOT NULL,
	"audio_key" text DEFAULT '' NOT NULL,
	"preview_key" text DEFAULT '' NOT NULL,
	"share_scope" text DEFAULT 'private' NOT NULL,
	"minutes" text DEFAULT '' NOT NULL,
	"chapters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"summary_engine" text DEFAULT '' NOT NULL,
	"summary_status" text DEFAULT 'none' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "recordings_record_id_unique" UNIQUE("record_id")
);
--> statement-breakpoint
ALTER TABLE "conferences" ADD COLUMN "record_type" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conferences" ADD COLUMN "record_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_access" ADD CONSTRAINT "recording_access_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_access" ADD CONSTRAINT "recording_access_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_events" ADD CONSTRAINT "recording_events_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_speakers" ADD CONSTRAINT "recording_speakers_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_streams" ADD CONSTRAINT "recording_streams_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_streams" ADD CONSTRAINT "recording_streams_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_transcript" ADD CONSTRAINT "recording_transcript_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_conference_id_conferences_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conferences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_user_idx" ON "messages" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "recording_access_rec_idx" ON "recording_access" USING btree ("recording_id","applicant_id");--> statement-breakpoint
CREATE INDEX "recording_events_rec_idx" ON "recording_events" USING btree ("recording_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "recording_speakers_uq" ON "recording_speakers" USING btree ("recording_id","speaker_id");--> statement-breakpoint
CREATE INDEX "recording_streams_rec_idx" ON "recording_streams" USING btree ("recording_id");--> statement-breakpoint
CREATE INDEX "recording_transcript_rec_idx" ON "recording_transcript" USING btree ("recording_id","start_time");--> statement-breakpoint
CREATE INDEX "recordings_owner_idx" ON "recordings" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "recordings_conference_idx" ON "recordings" USING btree ("conference_id");