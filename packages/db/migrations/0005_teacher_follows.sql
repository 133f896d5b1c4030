CREATE TABLE "teacher_follows" (
	"teacher_profile_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teacher_follows_teacher_profile_id_user_id_pk" PRIMARY KEY("teacher_profile_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD COLUMN "resume_url" varchar(255);--> statement-breakpoint
ALTER TABLE "teacher_follows" ADD CONSTRAINT "teacher_follows_teacher_profile_id_teacher_profiles_id_fk" FOREIGN KEY ("teacher_profile_id") REFERENCES "public"."teacher_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_follows" ADD CONSTRAINT "teacher_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "teacher_follows_user" ON "teacher_follows" USING btree ("user_id");