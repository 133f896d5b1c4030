ALTER TABLE "practice_answers" ADD COLUMN "response" jsonb;--> statement-breakpoint
ALTER TABLE "practice_answers" ADD COLUMN "share" double precision;--> statement-breakpoint
ALTER TABLE "practice_sessions" ADD COLUMN "key_orders" jsonb DEFAULT '{}'::jsonb NOT NULL;