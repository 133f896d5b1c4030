ALTER TABLE "exam_attempts" ADD COLUMN "late" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "kind" varchar(16) DEFAULT 'exam' NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "late_penalty" integer DEFAULT 0 NOT NULL;