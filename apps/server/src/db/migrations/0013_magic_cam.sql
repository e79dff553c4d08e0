CREATE TABLE "magic_favorites" (
	"user_id" integer NOT NULL,
	"style_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "magic_favorites_user_id_style_key_pk" PRIMARY KEY("user_id","style_key")
);
--> statement-breakpoint
CREATE TABLE "magic_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"conference_id" integer,
	"engine" text NOT NULL,
	"prompt" text,
	"metered_ms" bigint DEFAULT 0 NOT NULL,
	"minutes_paid" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"close_reason" text
);
--> statement-breakpoint
CREATE TABLE "magic_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"style_id" text,
	"prompt" text,
	"famous_names" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "magic_styles" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"prompt" text NOT NULL,
	"cover_key" text,
	"source_key" text,
	"status" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "magic_subscriptions" (
	"user_id" integer NOT NULL,
	"style_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "magic_subscriptions_user_id_style_id_pk" PRIMARY KEY("user_id","style_id")
);
--> statement-breakpoint
ALTER TABLE "magic_favorites" ADD CONSTRAINT "magic_favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magic_sessions" ADD CONSTRAINT "magic_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magic_sessions" ADD CONSTRAINT "magic_sessions_conference_id_conferences_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conferences"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magic_settings" ADD CONSTRAINT "magic_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magic_styles" ADD CONSTRAINT "magic_styles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magic_subscriptions" ADD CONSTRAINT "magic_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magic_subscriptions" ADD CONSTRAINT "magic_subscriptions_style_id_magic_styles_id_fk" FOREIGN KEY ("style_id") REFERENCES "public"."magic_styles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "magic_favorites_style_idx" ON "magic_favorites" USING btree ("style_key");--> statement-breakpoint
CREATE UNIQUE INDEX "magic_sessions_token_uq" ON "magic_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "magic_sessions_user_idx" ON "magic_sessions" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "magic_styles_user_idx" ON "magic_styles" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "magic_styles_status_idx" ON "magic_styles" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "magic_subscriptions_style_idx" ON "magic_subscriptions" USING btree ("style_id");