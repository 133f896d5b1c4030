CREATE TABLE "interaction_answers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "interaction_answers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" bigint NOT NULL,
	"run_id" bigint NOT NULL,
	"question_index" integer NOT NULL,
	"question_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"chosen" jsonb NOT NULL,
	"response" jsonb,
	"share" real NOT NULL,
	"correct" boolean NOT NULL,
	"points" integer NOT NULL,
	"elapsed_ms" integer NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interaction_joins" (
	"run_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interaction_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "interaction_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" bigint NOT NULL,
	"interaction_id" bigint NOT NULL,
	"course_id" bigint NOT NULL,
	"title" varchar(64) NOT NULL,
	"items" jsonb NOT NULL,
	"settings" jsonb NOT NULL,
	"class_ids" jsonb NOT NULL,
	"status" varchar(8) DEFAULT 'open' NOT NULL,
	"current_index" integer DEFAULT -1 NOT NULL,
	"question_state" varchar(8) DEFAULT 'idle' NOT NULL,
	"question_opened_at" timestamp with time zone,
	"question_deadline" timestamp with time zone,
	"started_by" bigint,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "interactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "interactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" bigint NOT NULL,
	"course_id" bigint NOT NULL,
	"title" varchar(64) NOT NULL,
	"items" jsonb NOT NULL,
	"settings" jsonb NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "interaction_answers" ADD CONSTRAINT "interaction_answers_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interaction_answers" ADD CONSTRAINT "interaction_answers_run_id_interaction_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."interaction_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interaction_answers" ADD CONSTRAINT "interaction_answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interaction_answers" ADD CONSTRAINT "interaction_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interaction_joins" ADD CONSTRAINT "interaction_joins_run_id_interaction_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."interaction_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interaction_joins" ADD CONSTRAINT "interaction_joins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interaction_runs" ADD CONSTRAINT "interaction_runs_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interaction_runs" ADD CONSTRAINT "interaction_runs_interaction_id_interactions_id_fk" FOREIGN KEY ("interaction_id") REFERENCES "public"."interactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interaction_runs" ADD CONSTRAINT "interaction_runs_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interaction_runs" ADD CONSTRAINT "interaction_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interactions" ADD CONSTRAINT "interactions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interactions" ADD CONSTRAINT "interactions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interactions" ADD CONSTRAINT "interactions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "interaction_answers_once" ON "interaction_answers" USING btree ("run_id","question_index","user_id");--> statement-breakpoint
CREATE INDEX "interaction_answers_user" ON "interaction_answers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "interaction_joins_once" ON "interaction_joins" USING btree ("run_id","user_id");--> statement-breakpoint
CREATE INDEX "interaction_runs_course_status" ON "interaction_runs" USING btree ("course_id","status");--> statement-breakpoint
CREATE INDEX "interactions_course" ON "interactions" USING btree ("course_id");