CREATE TABLE "group_members" (
	"group_id" bigint NOT NULL,
	"site_user_id" bigint NOT NULL,
	"kind" varchar(16) NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_members_group_id_site_user_id_pk" PRIMARY KEY("group_id","site_user_id")
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" bigint NOT NULL,
	"kind" varchar(16) NOT NULL,
	"name" varchar(25) NOT NULL,
	"join_code" varchar(6),
	"status" varchar(16) DEFAULT 'open' NOT NULL,
	"owner_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "groups_join_code_unique" UNIQUE("join_code")
);
--> statement-breakpoint
CREATE TABLE "site_user_tags" (
	"site_user_id" bigint NOT NULL,
	"tag_id" bigint NOT NULL,
	CONSTRAINT "site_user_tags_site_user_id_tag_id_pk" PRIMARY KEY("site_user_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "user_tags" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_tags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" bigint NOT NULL,
	"name" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_site_user_id_site_users_id_fk" FOREIGN KEY ("site_user_id") REFERENCES "public"."site_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_user_tags" ADD CONSTRAINT "site_user_tags_site_user_id_site_users_id_fk" FOREIGN KEY ("site_user_id") REFERENCES "public"."site_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_user_tags" ADD CONSTRAINT "site_user_tags_tag_id_user_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."user_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tags" ADD CONSTRAINT "user_tags_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "group_members_one_class" ON "group_members" USING btree ("site_user_id") WHERE "group_members"."kind" = 'class';--> statement-breakpoint
CREATE INDEX "group_members_site_user" ON "group_members" USING btree ("site_user_id");--> statement-breakpoint
CREATE INDEX "groups_site" ON "groups" USING btree ("site_id","kind");--> statement-breakpoint
CREATE INDEX "site_user_tags_tag" ON "site_user_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_tags_site_name" ON "user_tags" USING btree ("site_id","name");