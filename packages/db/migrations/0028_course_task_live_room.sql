ALTER TABLE "course_tasks" ADD COLUMN "live_room_id" bigint;--> statement-breakpoint
ALTER TABLE "course_tasks" ADD CONSTRAINT "course_tasks_live_room_id_live_rooms_id_fk" FOREIGN KEY ("live_room_id") REFERENCES "public"."live_rooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_tasks_live_room" ON "course_tasks" USING btree ("live_room_id");