import {
  INVIGILATION_LIMITS,
  type TExamEvent,
  type TInvigilatedCandidate,
  type TInvigilatedExam,
} from '@app/contracts';
import { type Executor, queryRows } from '@app/db';
import { sql } from 'drizzle-orm';
import { FLAG_KINDS } from '../exams/index.ts';

const iso = (value: Date | string) => new Date(value).toISOString();
const flagList = sql.raw(FLAG_KINDS.map((kind) => `'${kind}'`).join(', '));

/** `/live-room/invigilation-exams`: published exams with live invigilation whose window ended at most a day ago. */
export async function invigilatedExams(db: Executor, siteId: number): Promise<TInvigilatedExam[]> {
  const rows = await queryRows<{
    id: number;
    name: string;
    window_start: Date | string;
    window_end: Date | string;
    answering: number | string;
  }>(
    db,
    sql`select e.id, e.name, e.window_start, e.window_end,
          (select count(*) from exam_attempts a where a.exam_id = e.id and a.status = 'in_progress') as answering
        from exams e
       where e.site_id = ${siteId} and e.kind = 'exam' and e.status = 'published' and e.live_invigilation
         and e.window_end > now() - interval '1 day'
       order by e.window_start desc, e.id desc
       limit 100`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    window_start: iso(row.window_start),
    window_end: iso(row.window_end),
    answering: Number(row.answering),
  }));
}

interface GridRow {
  attempt_id: number;
  user_id: number;
  username: string;
  nickname: string;
  seq: number;
  started_at: Date | string;
  deadline: Date | string;
  cheat: boolean;
  cheat_note: string;
  flag_count: number | string;
  warnings: number | string;
  camera: 'camera_on' | 'camera_stopped' | null;
  screen: 'screen_on' | 'screen_stopped' | null;
  total: number | string;
}

/** The newest event of one device (camera or screen) in an attempt's timeline. */
const newestOf = (device: 'camera' | 'screen') =>
  sql.raw(`(select e.kind from exam_events e where e.attempt_id = a.id and e.kind in ('${device}_on', '${device}_stopped')
            order by e.id desc limit 1)`);

/** `none` before any event of the device, else whether its newest event says on or stopped. */
const stateOf = (kind: string | null) => (kind === null ? 'none' : kind.endsWith('_on') ? 'on' : 'stopped');

/**
 * `/live-room/invigilation-grid`: the exam's attempts in progress, oldest start first, 16 a page, with the camera and
 * the screen as the timeline last saw them, the flags and warnings counted, and each attempt's newest events.
 */
export async function invigilationGrid(
  db: Executor,
  siteId: number,
  examId: number,
  page: number,
): Promise<{ list: TInvigilatedCandidate[]; total: number }> {
  const perPage = INVIGILATION_LIMITS.perPage;
  const rows = await queryRows<GridRow>(
    db,
    sql`select a.id as attempt_id, a.user_id, u.username, u.nickname, a.seq, a.started_at, a.deadline, a.cheat,
          a.cheat_note,
          (select count(*) from exam_events e where e.attempt_id = a.id and e.kind in (${flagList})) as flag_count,
          (select count(*) from exam_events e where e.attempt_id = a.id and e.kind = 'warning') as warnings,
          ${newestOf('camera')} as camera,
          ${newestOf('screen')} as screen,
          count(*) over () as total
        from exam_attempts a join users u on u.id = a.user_id
       where a.site_id = ${siteId} and a.exam_id = ${examId} and a.status = 'in_progress'
       order by a.started_at, a.id
       limit ${perPage} offset ${(page - 1) * perPage}`,
  );
  const events = await newestEvents(
    db,
    rows.map((row) => Number(row.attempt_id)),
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    list: rows.map((row) => ({
      attempt_id: Number(row.attempt_id),
      user_id: Number(row.user_id),
      username: row.username,
      nickname: row.nickname,
      seq: Number(row.seq),
      state: 'in_progress',
      score: null,
      passed: null,
      started_at: iso(row.started_at),
      deadline: iso(row.deadline),
      submitted_at: null,
      submitted_by: null,
      cheat: row.cheat,
      cheat_note: row.cheat_note,
      flag_count: Number(row.flag_count),
      warnings: Number(row.warnings),
      camera: stateOf(row.camera),
      screen: stateOf(row.screen),
      events: events.get(Number(row.attempt_id)) ?? [],
    })),
  };
}

/** The newest 6 events of each attempt, oldest first. */
async function newestEvents(db: Executor, attemptIds: number[]): Promise<Map<number, TExamEvent[]>> {
  const byAttempt = new Map<number, TExamEvent[]>();
  if (attemptIds.length === 0) return byAttempt;
  const rows = await queryRows<{
    id: number;
    attempt_id: number;
    kind: TExamEvent['kind'];
    detail: Record<string, unknown>;
    at: Date | string;
  }>(
    db,
    sql`select id, attempt_id, kind, detail, at from (
          select e.*, row_number() over (partition by e.attempt_id order by e.id desc) as n
            from exam_events e where e.attempt_id in (${sql.join(attemptIds, sql`, `)})
        ) newest
       where n <= 6 order by attempt_id, id`,
  );
  for (const row of rows) {
    const list = byAttempt.get(Number(row.attempt_id)) ?? [];
    list.push({ id: Number(row.id), kind: row.kind, detail: row.detail, at: iso(row.at) });
    byAttempt.set(Number(row.attempt_id), list);
  }
  return byAttempt;
}
