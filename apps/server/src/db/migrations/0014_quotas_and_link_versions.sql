ALTER TABLE "recordings" ADD COLUMN "link_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "virtual_backgrounds" ADD COLUMN "size_bytes" bigint DEFAULT 0 NOT NULL;