-- Before this index two starts at once could leave a meeting with two running recordings: all
-- but the latest are given up, or the index could not be made.
UPDATE "recordings" SET "status" = 'failed', "error" = 'Replaced by a later recording of the meeting' WHERE "status" = 'recording' AND "id" NOT IN (SELECT max("id") FROM "recordings" WHERE "status" = 'recording' GROUP BY "conference_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recordings_running_uq" ON "recordings" USING btree ("conference_id") WHERE "recordings"."status" = 'recording';--> statement-breakpoint
ALTER TABLE "conferences" DROP COLUMN "record_status";--> statement-breakpoint
ALTER TABLE "conferences" DROP COLUMN "record_type";--> statement-breakpoint
ALTER TABLE "conferences" DROP COLUMN "record_started_at";