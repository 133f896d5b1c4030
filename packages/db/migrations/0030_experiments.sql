CREATE TABLE "experiment_submissions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "experiment_submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" bigint NOT NULL,
	"experiment_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" varchar(8) NOT NULL,
	"language" varchar(16) NOT NULL,
	"code" text NOT NULL,
	"stdin" text,
	"status" varchar(16) DEFAULT 'queued' NOT NULL,
	"result" jsonb,
	"score" real,
	"max_score" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "experiments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "experiments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" bigint NOT NULL,
	"title" varchar(100) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"language" varchar(16) NOT NULL,
	"starter_code" text DEFAULT '' NOT NULL,
	"limits" jsonb NOT NULL,
	"cases" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "experiment_submissions" ADD CONSTRAINT "experiment_submissions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiment_submissions" ADD CONSTRAINT "experiment_submissions_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiment_submissions" ADD CONSTRAINT "experiment_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiments" ADD CONSTRAINT "experiments_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiments" ADD CONSTRAINT "experiments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "experiment_submissions_user" ON "experiment_submissions" USING btree ("experiment_id","user_id","id");--> statement-breakpoint
CREATE INDEX "experiment_submissions_site_status" ON "experiment_submissions" USING btree ("site_id","status","id");--> statement-breakpoint
CREATE INDEX "experiments_site" ON "experiments" USING btree ("site_id","id");