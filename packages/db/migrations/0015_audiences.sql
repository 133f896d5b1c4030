CREATE TABLE "audience_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audience_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" bigint NOT NULL,
	"exam_id" bigint,
	"practice_set_id" bigint,
	"group_id" bigint,
	"user_id" bigint,
	CONSTRAINT "audience_entries_one_subject" CHECK (num_nonnulls("audience_entries"."exam_id", "audience_entries"."practice_set_id") = 1),
	CONSTRAINT "audience_entries_one_target" CHECK (num_nonnulls("audience_entries"."group_id", "audience_entries"."user_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "audience" varchar(16) DEFAULT 'students' NOT NULL;--> statement-breakpoint
ALTER TABLE "practice_sets" ADD COLUMN "audience" varchar(16) DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "audience_entries" ADD CONSTRAINT "audience_entries_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_entries" ADD CONSTRAINT "audience_entries_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_entries" ADD CONSTRAINT "audience_entries_practice_set_id_practice_sets_id_fk" FOREIGN KEY ("practice_set_id") REFERENCES "public"."practice_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_entries" ADD CONSTRAINT "audience_entries_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_entries" ADD CONSTRAINT "audience_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audience_entries_exam" ON "audience_entries" USING btree ("exam_id");--> statement-breakpoint
CREATE INDEX "audience_entries_practice_set" ON "audience_entries" USING btree ("practice_set_id");--> statement-breakpoint
CREATE INDEX "audience_entries_group" ON "audience_entries" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "audience_entries_user" ON "audience_entries" USING btree ("user_id");