CREATE TABLE "job_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"task_id" bigint NOT NULL,
	"step_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"job_id" bigint NOT NULL,
	"actor_id" bigint,
	"operator_id" bigint,
	"action" varchar(16) NOT NULL,
	"from_status" varchar(16),
	"to_status" varchar(16),
	"reason" varchar(500),
	"boxes" integer DEFAULT 0 NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"annotations" integer DEFAULT 0 NOT NULL,
	"work_seconds" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"task_id" bigint NOT NULL,
	"step_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"data_item_id" bigint NOT NULL,
	"subject_job_id" bigint,
	"subject_operator_id" bigint,
	"status" varchar(16) DEFAULT 'unclaimed' NOT NULL,
	"sort_key" bigint NOT NULL,
	"operator_id" bigint,
	"claimed_at" timestamp with time zone,
	"lease_ends_at" timestamp with time zone,
	"warned_at" timestamp with time zone,
	"draft" jsonb,
	"draft_saved_at" timestamp with time zone,
	"result" jsonb,
	"submitted_at" timestamp with time zone,
	"decision" varchar(8),
	"reviewer_id" bigint,
	"reviewed_at" timestamp with time zone,
	"reason" varchar(500),
	"expire_reason" varchar(16),
	"expired_at" timestamp with time zone,
	"status_before_pend" varchar(16),
	"work_seconds" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" varchar(24) NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_events" ADD CONSTRAINT "job_events_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_events" ADD CONSTRAINT "job_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_events" ADD CONSTRAINT "job_events_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_step_id_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_data_item_id_data_items_id_fk" FOREIGN KEY ("data_item_id") REFERENCES "public"."data_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_subject_operator_id_users_id_fk" FOREIGN KEY ("subject_operator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_messages" ADD CONSTRAINT "user_messages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_messages" ADD CONSTRAINT "user_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_events_job" ON "job_events" USING btree ("job_id","id");--> statement-breakpoint
CREATE INDEX "job_events_operator" ON "job_events" USING btree ("site_id","operator_id","created_at");--> statement-breakpoint
CREATE INDEX "job_events_project" ON "job_events" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "job_events_task" ON "job_events" USING btree ("task_id","created_at");--> statement-breakpoint
CREATE INDEX "jobs_claim_pool" ON "jobs" USING btree ("task_id","sort_key") WHERE status = 'unclaimed';--> statement-breakpoint
CREATE INDEX "jobs_task_status" ON "jobs" USING btree ("task_id","status");--> statement-breakpoint
CREATE INDEX "jobs_operator" ON "jobs" USING btree ("operator_id","status");--> statement-breakpoint
CREATE INDEX "jobs_task_operator" ON "jobs" USING btree ("task_id","operator_id","status");--> statement-breakpoint
CREATE INDEX "jobs_lease" ON "jobs" USING btree ("lease_ends_at") WHERE status = 'in_progress';--> statement-breakpoint
CREATE INDEX "jobs_subject" ON "jobs" USING btree ("subject_job_id");--> statement-breakpoint
CREATE INDEX "jobs_project" ON "jobs" USING btree ("project_id","step_id");--> statement-breakpoint
CREATE INDEX "jobs_item" ON "jobs" USING btree ("data_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_execute_item" ON "jobs" USING btree ("step_id","data_item_id") WHERE subject_job_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_open_review" ON "jobs" USING btree ("step_id","subject_job_id") WHERE subject_job_id is not null and decision is null;--> statement-breakpoint
CREATE INDEX "user_messages_user" ON "user_messages" USING btree ("user_id","site_id","id");--> statement-breakpoint
ALTER TABLE "jobs" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_analyze_scale_factor = 0.02);
