ALTER TABLE "conferences" ADD COLUMN "host_left_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conferences" ADD COLUMN "host_handed_over" boolean DEFAULT false NOT NULL;