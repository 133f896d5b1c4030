CREATE TABLE "course_self_tests" (
	"task_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"site_id" bigint NOT NULL,
	"course_id" bigint NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"best_score" real NOT NULL,
	"last_score" real NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_self_tests_task_id_user_id_pk" PRIMARY KEY("task_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "course_tasks" ADD COLUMN "self_test_question_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "course_self_tests" ADD CONSTRAINT "course_self_tests_task_id_course_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."course_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_self_tests" ADD CONSTRAINT "course_self_tests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_self_tests" ADD CONSTRAINT "course_self_tests_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_self_tests" ADD CONSTRAINT "course_self_tests_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_self_tests_course_user" ON "course_self_tests" USING btree ("course_id","user_id");