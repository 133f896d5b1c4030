ALTER TABLE "course_tasks" ADD COLUMN "interaction_id" bigint;--> statement-breakpoint
ALTER TABLE "interaction_runs" ADD COLUMN "mode" varchar(12) DEFAULT 'live' NOT NULL;--> statement-breakpoint
ALTER TABLE "course_tasks" ADD CONSTRAINT "course_tasks_interaction_id_interactions_id_fk" FOREIGN KEY ("interaction_id") REFERENCES "public"."interactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_tasks_interaction" ON "course_tasks" USING btree ("interaction_id");