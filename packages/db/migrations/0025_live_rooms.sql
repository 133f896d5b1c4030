CREATE TABLE "live_room_attendance" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "live_room_attendance_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" bigint NOT NULL,
	"room_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"left_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "live_room_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "live_room_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" bigint NOT NULL,
	"room_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"text" varchar(500) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_room_participants" (
	"room_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"camera" boolean DEFAULT false NOT NULL,
	"microphone" boolean DEFAULT false NOT NULL,
	"hand_raised" boolean DEFAULT false NOT NULL,
	"quality" varchar(8) DEFAULT 'good' NOT NULL,
	"on_stage" boolean DEFAULT false NOT NULL,
	"chat_muted" boolean DEFAULT false NOT NULL,
	"removed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_rooms" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "live_rooms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" bigint NOT NULL,
	"course_id" bigint,
	"title" varchar(64) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"host_id" bigint NOT NULL,
	"co_host_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"class_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"minutes" integer NOT NULL,
	"record" boolean DEFAULT false NOT NULL,
	"status" varchar(10) DEFAULT 'scheduled' NOT NULL,
	"chat_muted" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_room_attendance" ADD CONSTRAINT "live_room_attendance_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_room_attendance" ADD CONSTRAINT "live_room_attendance_room_id_live_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."live_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_room_attendance" ADD CONSTRAINT "live_room_attendance_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_room_messages" ADD CONSTRAINT "live_room_messages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_room_messages" ADD CONSTRAINT "live_room_messages_room_id_live_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."live_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_room_messages" ADD CONSTRAINT "live_room_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_room_participants" ADD CONSTRAINT "live_room_participants_room_id_live_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."live_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_room_participants" ADD CONSTRAINT "live_room_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_rooms" ADD CONSTRAINT "live_rooms_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_rooms" ADD CONSTRAINT "live_rooms_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_rooms" ADD CONSTRAINT "live_rooms_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_rooms" ADD CONSTRAINT "live_rooms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_room_attendance_room_user" ON "live_room_attendance" USING btree ("room_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "live_room_attendance_open" ON "live_room_attendance" USING btree ("room_id","user_id") WHERE left_at is null;--> statement-breakpoint
CREATE INDEX "live_room_messages_room" ON "live_room_messages" USING btree ("room_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "live_room_participants_pk" ON "live_room_participants" USING btree ("room_id","user_id");--> statement-breakpoint
CREATE INDEX "live_rooms_site_starts" ON "live_rooms" USING btree ("site_id","starts_at");--> statement-breakpoint
CREATE INDEX "live_rooms_course" ON "live_rooms" USING btree ("course_id");