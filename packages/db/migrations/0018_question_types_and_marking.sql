ALTER TABLE "exam_answers" ADD COLUMN "response" jsonb;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD COLUMN "needs_marking" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD COLUMN "rubric_points" jsonb;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD COLUMN "comment" varchar(2000) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD COLUMN "marked_by" bigint;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD COLUMN "marked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "blind_marking" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "spec" jsonb;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD CONSTRAINT "exam_answers_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_answers_to_mark" ON "exam_answers" USING btree ("question_id","attempt_id") WHERE "exam_answers"."needs_marking";