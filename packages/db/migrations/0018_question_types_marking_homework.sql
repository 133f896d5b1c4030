ALTER TABLE "exam_answers" ADD COLUMN "response" jsonb;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD COLUMN "needs_marking" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD COLUMN "rubric_points" jsonb;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD COLUMN "comment" varchar(2000) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD COLUMN "marked_by" bigint;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD COLUMN "marked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD COLUMN "second_points" numeric(8, 2);--> statement-breakpoint
ALTER TABLE "exam_answers" ADD COLUMN "second_comment" varchar(2000) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD COLUMN "second_marked_by" bigint;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD COLUMN "second_marked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "late" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "kind" varchar(16) DEFAULT 'exam' NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "late_penalty" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "blind_marking" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "second_marking_share" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "spec" jsonb;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD CONSTRAINT "exam_answers_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD CONSTRAINT "exam_answers_second_marked_by_users_id_fk" FOREIGN KEY ("second_marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_answers_to_mark" ON "exam_answers" USING btree ("question_id","attempt_id") WHERE "exam_answers"."needs_marking";