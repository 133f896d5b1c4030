CREATE TABLE "label_dict_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "label_dict_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" bigint NOT NULL,
	"dict_id" bigint NOT NULL,
	"value" varchar(64) NOT NULL,
	"label" varchar(64) NOT NULL,
	"color" varchar(7) DEFAULT '#1677ff' NOT NULL,
	"shortcut" varchar(32),
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "label_dicts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "label_dicts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" bigint NOT NULL,
	"name" varchar(30) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "label_dict_items" ADD CONSTRAINT "label_dict_items_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_dict_items" ADD CONSTRAINT "label_dict_items_dict_id_label_dicts_id_fk" FOREIGN KEY ("dict_id") REFERENCES "public"."label_dicts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_dicts" ADD CONSTRAINT "label_dicts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_dicts" ADD CONSTRAINT "label_dicts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "label_dict_items_value" ON "label_dict_items" USING btree ("dict_id","value");--> statement-breakpoint
CREATE INDEX "label_dict_items_dict" ON "label_dict_items" USING btree ("dict_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "label_dicts_site_name" ON "label_dicts" USING btree ("site_id","name");