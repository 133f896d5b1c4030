CREATE TABLE "category_unlocks" (
	"user_id" bigint NOT NULL,
	"category_id" bigint NOT NULL,
	"site_id" bigint NOT NULL,
	"cdkey_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "category_unlocks_user_id_category_id_pk" PRIMARY KEY("user_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "cdkey_batches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cdkey_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" bigint NOT NULL,
	"name" varchar(50) NOT NULL,
	"category_id" bigint NOT NULL,
	"sub_category_id" bigint,
	"unit_price_cents" integer DEFAULT 0 NOT NULL,
	"count" integer NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cdkeys" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cdkeys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"code" varchar(32) NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"redeemed_by" bigint,
	"redeemed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "practice_answers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "practice_answers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" bigint NOT NULL,
	"session_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"question_id" bigint NOT NULL,
	"chosen" jsonb NOT NULL,
	"correct" boolean NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practice_joins" (
	"set_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"site_id" bigint NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_joins_set_id_user_id_pk" PRIMARY KEY("set_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "practice_sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "practice_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" bigint NOT NULL,
	"set_id" bigint,
	"user_id" bigint NOT NULL,
	"source" varchar(8) NOT NULL,
	"font_size" varchar(8) DEFAULT 'standard' NOT NULL,
	"question_ids" jsonb NOT NULL,
	"answered_count" integer DEFAULT 0 NOT NULL,
	"correct_count" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "practice_sets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "practice_sets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" bigint NOT NULL,
	"name" varchar(50) NOT NULL,
	"description" varchar(500) DEFAULT '' NOT NULL,
	"category_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"node_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"question_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"per_session" integer DEFAULT 10 NOT NULL,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"lock_category_id" bigint,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_collections" (
	"user_id" bigint NOT NULL,
	"question_id" bigint NOT NULL,
	"site_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_collections_user_id_question_id_pk" PRIMARY KEY("user_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "wrong_book_entries" (
	"user_id" bigint NOT NULL,
	"question_id" bigint NOT NULL,
	"site_id" bigint NOT NULL,
	"in_book" boolean DEFAULT true NOT NULL,
	"wrong_count" integer DEFAULT 0 NOT NULL,
	"correct_streak" integer DEFAULT 0 NOT NULL,
	"last_wrong_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wrong_book_entries_user_id_question_id_pk" PRIMARY KEY("user_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "category_unlocks" ADD CONSTRAINT "category_unlocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_unlocks" ADD CONSTRAINT "category_unlocks_category_id_question_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."question_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_unlocks" ADD CONSTRAINT "category_unlocks_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_unlocks" ADD CONSTRAINT "category_unlocks_cdkey_id_cdkeys_id_fk" FOREIGN KEY ("cdkey_id") REFERENCES "public"."cdkeys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cdkey_batches" ADD CONSTRAINT "cdkey_batches_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cdkey_batches" ADD CONSTRAINT "cdkey_batches_category_id_question_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."question_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cdkey_batches" ADD CONSTRAINT "cdkey_batches_sub_category_id_question_categories_id_fk" FOREIGN KEY ("sub_category_id") REFERENCES "public"."question_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cdkey_batches" ADD CONSTRAINT "cdkey_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cdkeys" ADD CONSTRAINT "cdkeys_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cdkeys" ADD CONSTRAINT "cdkeys_batch_id_cdkey_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."cdkey_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cdkeys" ADD CONSTRAINT "cdkeys_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_answers" ADD CONSTRAINT "practice_answers_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_answers" ADD CONSTRAINT "practice_answers_session_id_practice_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."practice_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_answers" ADD CONSTRAINT "practice_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_answers" ADD CONSTRAINT "practice_answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_joins" ADD CONSTRAINT "practice_joins_set_id_practice_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."practice_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_joins" ADD CONSTRAINT "practice_joins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_joins" ADD CONSTRAINT "practice_joins_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_sessions" ADD CONSTRAINT "practice_sessions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_sessions" ADD CONSTRAINT "practice_sessions_set_id_practice_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."practice_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_sessions" ADD CONSTRAINT "practice_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_sets" ADD CONSTRAINT "practice_sets_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_sets" ADD CONSTRAINT "practice_sets_lock_category_id_question_categories_id_fk" FOREIGN KEY ("lock_category_id") REFERENCES "public"."question_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_sets" ADD CONSTRAINT "practice_sets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_collections" ADD CONSTRAINT "question_collections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_collections" ADD CONSTRAINT "question_collections_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_collections" ADD CONSTRAINT "question_collections_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wrong_book_entries" ADD CONSTRAINT "wrong_book_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wrong_book_entries" ADD CONSTRAINT "wrong_book_entries_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wrong_book_entries" ADD CONSTRAINT "wrong_book_entries_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cdkey_batches_site" ON "cdkey_batches" USING btree ("site_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cdkeys_code" ON "cdkeys" USING btree ("code");--> statement-breakpoint
CREATE INDEX "cdkeys_batch" ON "cdkeys" USING btree ("batch_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "practice_answers_session_question" ON "practice_answers" USING btree ("session_id","question_id");--> statement-breakpoint
CREATE INDEX "practice_answers_user_question" ON "practice_answers" USING btree ("user_id","question_id");--> statement-breakpoint
CREATE INDEX "practice_joins_user" ON "practice_joins" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "practice_sessions_user" ON "practice_sessions" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "practice_sessions_set" ON "practice_sessions" USING btree ("set_id","id");--> statement-breakpoint
CREATE INDEX "practice_sets_site_status" ON "practice_sets" USING btree ("site_id","status","id");--> statement-breakpoint
CREATE INDEX "question_collections_site_user" ON "question_collections" USING btree ("site_id","user_id");--> statement-breakpoint
CREATE INDEX "wrong_book_entries_site_user" ON "wrong_book_entries" USING btree ("site_id","user_id","in_book");