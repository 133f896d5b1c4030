CREATE TABLE "annotation_categories" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "annotation_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" varchar(30) NOT NULL,
	"name_en" varchar(60) DEFAULT '' NOT NULL,
	"task_type" varchar(16) NOT NULL,
	"draw_type" varchar(32) DEFAULT 'none' NOT NULL,
	"keyword" varchar(100) DEFAULT '' NOT NULL,
	"small_icon" text,
	"big_icon" text,
	"preview_image" text,
	"data_field" varchar(100) DEFAULT '' NOT NULL,
	"template_field" varchar(100) DEFAULT '' NOT NULL,
	"template_zh" jsonb,
	"template_en" jsonb,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "annotation_categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "annotation_templates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "annotation_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" bigint,
	"category_id" bigint NOT NULL,
	"name" varchar(30) NOT NULL,
	"content" jsonb NOT NULL,
	"sample_image" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_entries" (
	"route_name" varchar(128) PRIMARY KEY NOT NULL,
	"custom" boolean DEFAULT false NOT NULL,
	"parent" varchar(64) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"title_zh" varchar(64),
	"title_en" varchar(64),
	"url" varchar(255),
	"in_menu" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "batches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"name" varchar(30) NOT NULL,
	"seq" integer NOT NULL,
	"item_count" integer NOT NULL,
	"total_bytes" bigint DEFAULT 0 NOT NULL,
	"status" varchar(16) DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "data_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"batch_id" bigint,
	"seq" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"name" varchar(255) NOT NULL,
	"file_path" text,
	"url" text,
	"payload" jsonb,
	"size" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_attachments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "project_attachments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"name" varchar(255) NOT NULL,
	"file_path" text NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "projects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" bigint NOT NULL,
	"name" varchar(30) NOT NULL,
	"category_id" bigint NOT NULL,
	"template_id" bigint,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"status_before_delete" varchar(16),
	"wizard_step" integer DEFAULT 0 NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"data_source" varchar(16),
	"item_count" integer DEFAULT 0 NOT NULL,
	"total_bytes" bigint DEFAULT 0 NOT NULL,
	"batches_confirmed_at" timestamp with time zone,
	"audit_reason" varchar(255),
	"leader_id" bigint,
	"creator_id" bigint,
	"publisher_id" bigint,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "steps" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "steps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"name" varchar(6) NOT NULL,
	"type" varchar(16) NOT NULL,
	"parent_step_id" bigint,
	"category_id" bigint,
	"template_id" bigint,
	"seq" integer NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_people" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "task_people_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" bigint NOT NULL,
	"task_id" bigint NOT NULL,
	"user_id" bigint,
	"group_id" bigint
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"step_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"name" varchar(64) NOT NULL,
	"claim_size" integer DEFAULT 1 NOT NULL,
	"lease_seconds" integer DEFAULT 3600 NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"target" varchar(16) DEFAULT 'team' NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "permissions" ADD COLUMN "custom" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "annotation_templates" ADD CONSTRAINT "annotation_templates_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotation_templates" ADD CONSTRAINT "annotation_templates_category_id_annotation_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."annotation_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotation_templates" ADD CONSTRAINT "annotation_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_items" ADD CONSTRAINT "data_items_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_items" ADD CONSTRAINT "data_items_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_items" ADD CONSTRAINT "data_items_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_attachments" ADD CONSTRAINT "project_attachments_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_attachments" ADD CONSTRAINT "project_attachments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_category_id_annotation_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."annotation_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_template_id_annotation_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."annotation_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_leader_id_users_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_publisher_id_users_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steps" ADD CONSTRAINT "steps_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steps" ADD CONSTRAINT "steps_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steps" ADD CONSTRAINT "steps_category_id_annotation_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."annotation_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steps" ADD CONSTRAINT "steps_template_id_annotation_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."annotation_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_people" ADD CONSTRAINT "task_people_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_people" ADD CONSTRAINT "task_people_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_people" ADD CONSTRAINT "task_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_people" ADD CONSTRAINT "task_people_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_step_id_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "annotation_templates_site" ON "annotation_templates" USING btree ("site_id","category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "batches_project_seq" ON "batches" USING btree ("project_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "data_items_project_seq" ON "data_items" USING btree ("project_id","seq");--> statement-breakpoint
CREATE INDEX "data_items_batch" ON "data_items" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "project_attachments_project" ON "project_attachments" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "projects_site" ON "projects" USING btree ("site_id","status");--> statement-breakpoint
CREATE INDEX "projects_status" ON "projects" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "steps_project_name" ON "steps" USING btree ("project_id","name");--> statement-breakpoint
CREATE INDEX "steps_project" ON "steps" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "task_people_task" ON "task_people" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "task_people_user" ON "task_people" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "task_people_task_user" ON "task_people" USING btree ("task_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "task_people_task_group" ON "task_people" USING btree ("task_id","group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_step_batch" ON "tasks" USING btree ("step_id","batch_id");--> statement-breakpoint
CREATE INDEX "tasks_project" ON "tasks" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "audit_logs_target" ON "audit_logs" USING btree ("target_type","target_id","created_at");