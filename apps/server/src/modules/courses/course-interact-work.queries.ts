import { type SQL, sql } from 'drizzle-orm';

/**
 * Interact tasks (docs/courses.md "Completion"): per run of an interaction and student who answered in it, whether
 * the run ended and the student's score in it, 0-100 — each answer's share of its question's points (speed points
 * count on the leaderboard only), over the points of all the run's questions (over the questions themselves when
 * none has points). `where` selects among `interaction_runs r` and `interaction_answers a`.
 */
export const interactRunScoresSql = (where: SQL) =>
  sql`select r.id as run_id, r.interaction_id, a.user_id, r.status = 'ended' as ended,
      coalesce(
        sum(a.share * coalesce((r.items -> a.question_index ->> 'points')::numeric, 0)) * 100.0
          / nullif((select sum((x ->> 'points')::numeric) from jsonb_array_elements(r.items) x), 0),
        sum(a.share) * 100.0 / nullif(jsonb_array_length(r.items), 0))::numeric as score
    from interaction_runs r join interaction_answers a on a.run_id = r.id
    where ${where}
    group by r.id, a.user_id`;
