CREATE TABLE "course_categories" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "course_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" bigint NOT NULL,
	"parent_id" bigint,
	"name" varchar(32) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_chapters" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "course_chapters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" bigint NOT NULL,
	"course_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"title" varchar(64) NOT NULL,
	"starts_on" date,
	"ends_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_chapters_dates" CHECK ("course_chapters"."ends_on" is null or "course_chapters"."starts_on" is null or "course_chapters"."ends_on" >= "course_chapters"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "course_classes" (
	"course_id" bigint NOT NULL,
	"group_id" bigint NOT NULL,
	"site_id" bigint NOT NULL,
	CONSTRAINT "course_classes_course_id_group_id_pk" PRIMARY KEY("course_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "course_task_progress" (
	"task_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"site_id" bigint NOT NULL,
	"course_id" bigint NOT NULL,
	"status" varchar(16) DEFAULT 'started' NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"score" real,
	"seconds_spent" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_task_progress_task_id_user_id_pk" PRIMARY KEY("task_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "course_tasks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "course_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" bigint NOT NULL,
	"course_id" bigint NOT NULL,
	"chapter_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"title" varchar(64) NOT NULL,
	"open_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"weight" integer DEFAULT 0 NOT NULL,
	"release" varchar(16) DEFAULT 'at_open' NOT NULL,
	"practice_set_id" bigint,
	"exam_id" bigint,
	"material" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_tasks_times" CHECK ("course_tasks"."due_at" is null or "course_tasks"."open_at" is null or "course_tasks"."due_at" >= "course_tasks"."open_at"),
	CONSTRAINT "course_tasks_weight" CHECK ("course_tasks"."weight" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "course_teachers" (
	"course_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"site_id" bigint NOT NULL,
	"can_edit" boolean DEFAULT false NOT NULL,
	CONSTRAINT "course_teachers_course_id_user_id_pk" PRIMARY KEY("course_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "courses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" bigint NOT NULL,
	"category_id" bigint,
	"name" varchar(64) NOT NULL,
	"cover" varchar(512),
	"description" varchar(2000) DEFAULT '' NOT NULL,
	"owner_id" bigint,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"starts_on" date,
	"ends_on" date,
	"copied_from_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courses_dates" CHECK ("courses"."ends_on" is null or "courses"."starts_on" is null or "courses"."ends_on" >= "courses"."starts_on")
);
--> statement-breakpoint
ALTER TABLE "course_categories" ADD CONSTRAINT "course_categories_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_categories" ADD CONSTRAINT "course_categories_parent_id_course_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."course_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_chapters" ADD CONSTRAINT "course_chapters_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_chapters" ADD CONSTRAINT "course_chapters_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_classes" ADD CONSTRAINT "course_classes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_classes" ADD CONSTRAINT "course_classes_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_classes" ADD CONSTRAINT "course_classes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_task_progress" ADD CONSTRAINT "course_task_progress_task_id_course_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."course_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_task_progress" ADD CONSTRAINT "course_task_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_task_progress" ADD CONSTRAINT "course_task_progress_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_task_progress" ADD CONSTRAINT "course_task_progress_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_tasks" ADD CONSTRAINT "course_tasks_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_tasks" ADD CONSTRAINT "course_tasks_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_tasks" ADD CONSTRAINT "course_tasks_chapter_id_course_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."course_chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_tasks" ADD CONSTRAINT "course_tasks_practice_set_id_practice_sets_id_fk" FOREIGN KEY ("practice_set_id") REFERENCES "public"."practice_sets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_tasks" ADD CONSTRAINT "course_tasks_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_teachers" ADD CONSTRAINT "course_teachers_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_teachers" ADD CONSTRAINT "course_teachers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_teachers" ADD CONSTRAINT "course_teachers_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_category_id_course_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."course_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_copied_from_id_courses_id_fk" FOREIGN KEY ("copied_from_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_categories_site_parent" ON "course_categories" USING btree ("site_id","parent_id");--> statement-breakpoint
CREATE INDEX "course_chapters_course" ON "course_chapters" USING btree ("course_id","seq");--> statement-breakpoint
CREATE INDEX "course_classes_group" ON "course_classes" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "course_task_progress_course_user" ON "course_task_progress" USING btree ("course_id","user_id");--> statement-breakpoint
CREATE INDEX "course_tasks_course" ON "course_tasks" USING btree ("course_id","chapter_id","seq");--> statement-breakpoint
CREATE INDEX "course_tasks_chapter" ON "course_tasks" USING btree ("chapter_id","seq");--> statement-breakpoint
CREATE INDEX "course_tasks_practice_set" ON "course_tasks" USING btree ("practice_set_id");--> statement-breakpoint
CREATE INDEX "course_tasks_exam" ON "course_tasks" USING btree ("exam_id");--> statement-breakpoint
CREATE INDEX "course_teachers_user" ON "course_teachers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "courses_site_status" ON "courses" USING btree ("site_id","status","id");--> statement-breakpoint
CREATE INDEX "courses_owner" ON "courses" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "courses_category" ON "courses" USING btree ("category_id");