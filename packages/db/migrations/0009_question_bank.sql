CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "knowledge_labels" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "knowledge_labels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" bigint NOT NULL,
	"name" varchar(30) NOT NULL,
	"color" varchar(7) DEFAULT '#1677ff' NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_maps" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "knowledge_maps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" bigint NOT NULL,
	"name" varchar(50) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"category_id" bigint,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_nodes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "knowledge_nodes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" bigint NOT NULL,
	"map_id" bigint NOT NULL,
	"parent_id" bigint,
	"code" varchar(50) NOT NULL,
	"name" varchar(100) NOT NULL,
	"skill" varchar(100) DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"knowledge_points" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"importance" smallint DEFAULT 3 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "node_labels" (
	"node_id" bigint NOT NULL,
	"label_id" bigint NOT NULL,
	CONSTRAINT "node_labels_node_id_label_id_pk" PRIMARY KEY("node_id","label_id")
);
--> statement-breakpoint
CREATE TABLE "question_categories" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "question_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" bigint NOT NULL,
	"parent_id" bigint,
	"name" varchar(50) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"review_status" varchar(16) DEFAULT 'unreviewed' NOT NULL,
	"review_reason" varchar(200) DEFAULT '' NOT NULL,
	"reviewed_by" bigint,
	"reviewed_at" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_labels" (
	"question_id" bigint NOT NULL,
	"label_id" bigint NOT NULL,
	CONSTRAINT "question_labels_question_id_label_id_pk" PRIMARY KEY("question_id","label_id")
);
--> statement-breakpoint
CREATE TABLE "question_nodes" (
	"question_id" bigint NOT NULL,
	"node_id" bigint NOT NULL,
	CONSTRAINT "question_nodes_question_id_node_id_pk" PRIMARY KEY("question_id","node_id")
);
--> statement-breakpoint
CREATE TABLE "question_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "question_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" bigint NOT NULL,
	"question_id" bigint NOT NULL,
	"action" varchar(24) NOT NULL,
	"version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "question_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" bigint NOT NULL,
	"kind" varchar(16) NOT NULL,
	"question_id" bigint,
	"user_id" bigint,
	"content" varchar(1000) NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"reply" varchar(500) DEFAULT '' NOT NULL,
	"handled_by" bigint,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_search_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "question_search_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" bigint NOT NULL,
	"user_id" bigint,
	"keyword" varchar(100) NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"result_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" bigint NOT NULL,
	"category_id" bigint NOT NULL,
	"type" varchar(16) NOT NULL,
	"stem" text NOT NULL,
	"stem_text" text NOT NULL,
	"options" jsonb NOT NULL,
	"analysis" text DEFAULT '' NOT NULL,
	"difficulty" varchar(8) DEFAULT 'medium' NOT NULL,
	"source" varchar(100) DEFAULT '' NOT NULL,
	"setter" varchar(50) DEFAULT '' NOT NULL,
	"review_status" varchar(16) DEFAULT 'unreviewed' NOT NULL,
	"review_reason" varchar(200) DEFAULT '' NOT NULL,
	"reviewed_by" bigint,
	"reviewed_at" timestamp with time zone,
	"answer_count" integer DEFAULT 0 NOT NULL,
	"correct_count" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "knowledge_labels" ADD CONSTRAINT "knowledge_labels_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_maps" ADD CONSTRAINT "knowledge_maps_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_maps" ADD CONSTRAINT "knowledge_maps_category_id_question_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."question_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_maps" ADD CONSTRAINT "knowledge_maps_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_nodes" ADD CONSTRAINT "knowledge_nodes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_nodes" ADD CONSTRAINT "knowledge_nodes_map_id_knowledge_maps_id_fk" FOREIGN KEY ("map_id") REFERENCES "public"."knowledge_maps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_nodes" ADD CONSTRAINT "knowledge_nodes_parent_id_knowledge_nodes_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."knowledge_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "node_labels" ADD CONSTRAINT "node_labels_node_id_knowledge_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."knowledge_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "node_labels" ADD CONSTRAINT "node_labels_label_id_knowledge_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."knowledge_labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_categories" ADD CONSTRAINT "question_categories_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_categories" ADD CONSTRAINT "question_categories_parent_id_question_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."question_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_categories" ADD CONSTRAINT "question_categories_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_categories" ADD CONSTRAINT "question_categories_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_labels" ADD CONSTRAINT "question_labels_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_labels" ADD CONSTRAINT "question_labels_label_id_knowledge_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."knowledge_labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_nodes" ADD CONSTRAINT "question_nodes_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_nodes" ADD CONSTRAINT "question_nodes_node_id_knowledge_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."knowledge_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_records" ADD CONSTRAINT "question_records_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_records" ADD CONSTRAINT "question_records_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_records" ADD CONSTRAINT "question_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_reports" ADD CONSTRAINT "question_reports_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_reports" ADD CONSTRAINT "question_reports_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_reports" ADD CONSTRAINT "question_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_reports" ADD CONSTRAINT "question_reports_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_search_records" ADD CONSTRAINT "question_search_records_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_search_records" ADD CONSTRAINT "question_search_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_category_id_question_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."question_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_labels_site_name" ON "knowledge_labels" USING btree ("site_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_maps_site_name" ON "knowledge_maps" USING btree ("site_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_nodes_map_code" ON "knowledge_nodes" USING btree ("map_id","code");--> statement-breakpoint
CREATE INDEX "knowledge_nodes_map_parent" ON "knowledge_nodes" USING btree ("map_id","parent_id","sort");--> statement-breakpoint
CREATE INDEX "node_labels_label" ON "node_labels" USING btree ("label_id");--> statement-breakpoint
CREATE INDEX "question_categories_site_parent" ON "question_categories" USING btree ("site_id","parent_id","sort");--> statement-breakpoint
CREATE INDEX "question_labels_label" ON "question_labels" USING btree ("label_id");--> statement-breakpoint
CREATE INDEX "question_nodes_node" ON "question_nodes" USING btree ("node_id");--> statement-breakpoint
CREATE INDEX "question_records_question" ON "question_records" USING btree ("question_id","id");--> statement-breakpoint
CREATE INDEX "question_reports_site_status" ON "question_reports" USING btree ("site_id","kind","status","id");--> statement-breakpoint
CREATE INDEX "question_reports_user" ON "question_reports" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "question_search_records_site" ON "question_search_records" USING btree ("site_id","id");--> statement-breakpoint
CREATE INDEX "questions_site_category" ON "questions" USING btree ("site_id","category_id","id");--> statement-breakpoint
CREATE INDEX "questions_site_status" ON "questions" USING btree ("site_id","review_status","id");--> statement-breakpoint
CREATE INDEX "questions_site_creator" ON "questions" USING btree ("site_id","created_by","id");--> statement-breakpoint
CREATE INDEX "questions_stem_trgm" ON "questions" USING gin ("stem_text" gin_trgm_ops);