-- What server instances share through PostgreSQL when there is no Redis. UNLOGGED (edited by hand: drizzle-kit has
-- no option for it): rate counters, oversized realtime messages and presence need not survive a crash, and their
-- writes skip the write-ahead log. Harmless on the embedded PGlite, which does not use them.
CREATE UNLOGGED TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNLOGGED TABLE "realtime_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "realtime_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNLOGGED TABLE "realtime_presence" (
	"instance_id" varchar(36) PRIMARY KEY NOT NULL,
	"sockets" integer NOT NULL,
	"users" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counters_ends_at" ON "rate_limit_counters" USING btree ("ends_at");