import { type Executor, queryRows } from '@app/db';
import { sql } from 'drizzle-orm';

export type CameraKind = 'camera_on' | 'camera_stopped';

/**
 * Live invigilation (docs/invigilation.md): puts a camera event in the timeline of an attempt in progress — the one
 * given, or the user's on the exam — unless the timeline's camera already says so (the page and the media server both
 * report; a stop reported twice is one stop). Answers whether one was written.
 */
export async function recordCameraEvent(
  db: Executor,
  attempt: { id: number } | { examId: number; userId: number },
  kind: CameraKind,
  detail: Record<string, unknown>,
): Promise<boolean> {
  const which =
    'id' in attempt ? sql`a.id = ${attempt.id}` : sql`a.exam_id = ${attempt.examId} and a.user_id = ${attempt.userId}`;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into exam_events (site_id, attempt_id, kind, detail)
        select a.site_id, a.id, ${kind}, ${JSON.stringify(detail)}::jsonb
          from exam_attempts a
         where ${which} and a.status = 'in_progress'
           and coalesce((select e.kind from exam_events e
                          where e.attempt_id = a.id and e.kind in ('camera_on', 'camera_stopped')
                          order by e.id desc limit 1), 'none') <> ${kind}
        returning id`,
  );
  return rows.length > 0;
}
