import { type Executor, queryRows } from '@app/db';
import { sql } from 'drizzle-orm';

/** What live invigilation watches of a candidate: the camera, and the screen when the exam shares it. */
export type InvigilatedDevice = 'camera' | 'screen';
/** A device going on or stopping, as the evidence timeline names it. */
export type DeviceKind = `${InvigilatedDevice}_${'on' | 'stopped'}`;

const DEVICE_KINDS: readonly string[] = ['camera_on', 'camera_stopped', 'screen_on', 'screen_stopped'];

export const isDeviceKind = (kind: string): kind is DeviceKind => DEVICE_KINDS.includes(kind);

/**
 * Live invigilation (docs/invigilation.md): puts a camera or screen event in the timeline of an attempt in progress —
 * the one given, or the user's on the exam — unless the timeline's newest event of that device already says so (the
 * page and the media server both report; a stop reported twice is one stop). Answers whether one was written.
 */
export async function recordDeviceEvent(
  db: Executor,
  attempt: { id: number } | { examId: number; userId: number },
  kind: DeviceKind,
  detail: Record<string, unknown>,
): Promise<boolean> {
  const device = kind.startsWith('screen') ? 'screen' : 'camera';
  const which =
    'id' in attempt ? sql`a.id = ${attempt.id}` : sql`a.exam_id = ${attempt.examId} and a.user_id = ${attempt.userId}`;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into exam_events (site_id, attempt_id, kind, detail)
        select a.site_id, a.id, ${kind}, ${JSON.stringify(detail)}::jsonb
          from exam_attempts a
         where ${which} and a.status = 'in_progress'
           and coalesce((select e.kind from exam_events e
                          where e.attempt_id = a.id and e.kind in (${`${device}_on`}, ${`${device}_stopped`})
                          order by e.id desc limit 1), 'none') <> ${kind}
        returning id`,
  );
  return rows.length > 0;
}
