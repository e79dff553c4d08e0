CREATE TABLE "member_controls" (
	"conference_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"force_mute" boolean,
	"video_disabled" boolean DEFAULT false NOT NULL,
	"hand_up" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "member_controls_conference_id_user_id_pk" PRIMARY KEY("conference_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "conference_members" ADD COLUMN "room_connected" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "conference_members" ADD COLUMN "seat_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_controls" ADD CONSTRAINT "member_controls_conference_id_conferences_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conferences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_controls" ADD CONSTRAINT "member_controls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;