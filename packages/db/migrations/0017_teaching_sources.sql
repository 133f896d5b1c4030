CREATE TABLE "teaching_source_upload_parts" (
	"upload_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"size" integer NOT NULL,
	CONSTRAINT "teaching_source_upload_parts_upload_id_seq_pk" PRIMARY KEY("upload_id","seq")
);
--> statement-breakpoint
CREATE TABLE "teaching_source_uploads" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "teaching_source_uploads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" bigint NOT NULL,
	"owner_id" bigint NOT NULL,
	"title" varchar(64) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"size" bigint NOT NULL,
	"part_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teaching_sources" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "teaching_sources_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" bigint NOT NULL,
	"owner_id" bigint,
	"kind" varchar(16) NOT NULL,
	"title" varchar(64) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"file_key" varchar(512) NOT NULL,
	"file_size" bigint NOT NULL,
	"view_key" varchar(512),
	"status" varchar(16) DEFAULT 'processing' NOT NULL,
	"failure" varchar(32),
	"duration_seconds" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_task_progress" ADD COLUMN "position" real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "teaching_source_upload_parts" ADD CONSTRAINT "teaching_source_upload_parts_upload_id_teaching_source_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."teaching_source_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_source_uploads" ADD CONSTRAINT "teaching_source_uploads_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_source_uploads" ADD CONSTRAINT "teaching_source_uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_sources" ADD CONSTRAINT "teaching_sources_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_sources" ADD CONSTRAINT "teaching_sources_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "teaching_source_uploads_owner" ON "teaching_source_uploads" USING btree ("owner_id","file_name");--> statement-breakpoint
CREATE INDEX "teaching_sources_site_owner" ON "teaching_sources" USING btree ("site_id","owner_id","id");