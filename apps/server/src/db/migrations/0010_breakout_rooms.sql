CREATE TABLE "breakouts" (
	"conference_id" integer PRIMARY KEY NOT NULL,
	"rooms" jsonb NOT NULL,
	"assignments" jsonb NOT NULL,
	"status" text NOT NULL,
	"ends_at" bigint,
	"closes_at" bigint,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "room" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "breakouts" ADD CONSTRAINT "breakouts_conference_id_conferences_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conferences"("id") ON DELETE cascade ON UPDATE no action;