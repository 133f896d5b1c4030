import type { TExamCandidate } from '@app/contracts';
import { type Executor, queryRows } from '@app/db';
import { sql } from 'drizzle-orm';
import { likePattern } from '../../platform/like-pattern.ts';

/** Evidence kinds counted as flags on the candidates list. */
export const FLAG_KINDS = ['blur', 'hidden', 'reconnect', 'ip_change', 'camera_stopped', 'screen_stopped'] as const;

interface CandidateRow {
  attempt_id: number | null;
  user_id: number;
  username: string;
  nickname: string;
  seq: number | null;
  status: TExamCandidate['state'] | null;
  score: string | number | null;
  passed: boolean | null;
  started_at: Date | string | null;
  deadline: Date | string | null;
  submitted_at: Date | string | null;
  submitted_by: TExamCandidate['submitted_by'];
  cheat: boolean | null;
  cheat_note: string | null;
  flag_count: number | string;
  total: number | string;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/**
 * The candidates of an exam: one row per attempt (newest first), then the users who joined without starting.
 * `limit` null = every row (the export).
 */
export async function examCandidates(
  db: Executor,
  siteId: number,
  examId: number,
  filter: { keyword?: string; limit: number | null; offset: number },
): Promise<{ list: TExamCandidate[]; total: number }> {
  const keyword = filter.keyword?.trim();
  const match = keyword
    ? sql`and (u.username ilike ${likePattern(keyword)} or u.nickname ilike ${likePattern(keyword)})`
    : sql``;
  const flags = sql.raw(FLAG_KINDS.map((k) => `'${k}'`).join(', '));
  const rows = await queryRows<CandidateRow>(
    db,
    sql`with c as (
      select a.id as attempt_id, a.user_id, a.seq, a.status, a.score, a.passed, a.started_at, a.deadline,
             a.submitted_at, a.submitted_by, a.cheat, a.cheat_note,
             (select count(*) from exam_events e where e.attempt_id = a.id and e.kind in (${flags})) as flag_count,
             0 as rank
        from exam_attempts a where a.exam_id = ${examId} and a.site_id = ${siteId}
      union all
      select null, j.user_id, null, null, null, null, null, null, null, null, null, null, 0, 1
        from exam_joins j
       where j.exam_id = ${examId} and j.site_id = ${siteId}
         and not exists (select 1 from exam_attempts a where a.exam_id = j.exam_id and a.user_id = j.user_id)
    )
    select c.*, u.username, u.nickname, count(*) over () as total
      from c join users u on u.id = c.user_id
     where true ${match}
     order by c.rank, c.started_at desc nulls last, c.attempt_id desc nulls last, c.user_id
     ${filter.limit === null ? sql`` : sql`limit ${filter.limit}`} offset ${filter.offset}`,
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    list: rows.map((r) => ({
      attempt_id: r.attempt_id === null ? null : Number(r.attempt_id),
      user_id: Number(r.user_id),
      username: r.username,
      nickname: r.nickname,
      seq: r.seq === null ? null : Number(r.seq),
      state: r.status ?? 'not_started',
      score: r.score === null ? null : Number(r.score),
      passed: r.passed,
      started_at: iso(r.started_at),
      deadline: iso(r.deadline),
      submitted_at: iso(r.submitted_at),
      submitted_by: r.submitted_by,
      cheat: r.cheat ?? false,
      cheat_note: r.cheat_note ?? '',
      flag_count: Number(r.flag_count),
    })),
  };
}
