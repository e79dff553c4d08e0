CREATE TABLE "cluster_nodes" (
	"id" text PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"public_url" text,
	"port" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_placements" (
	"conference_id" integer PRIMARY KEY NOT NULL,
	"node_id" text NOT NULL,
	"placed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "meeting_placements" ADD CONSTRAINT "meeting_placements_conference_id_conferences_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conferences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meeting_placements_node_idx" ON "meeting_placements" USING btree ("node_id");