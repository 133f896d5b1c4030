import {
  isChoiceType,
  type TAnswerResponse,
  type TAnswerSplit,
  type TRunLive,
  type TRunStudentView,
} from '@app/contracts';
import { type Executor, queryRows, schema } from '@app/db';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { classStudentsSql } from '../groups/index.ts';
import { loadQuestionsById } from '../question-bank/index.ts';
import { answerCaches } from './answer-caches.ts';
import { cachedQuestion } from './interaction-questions.queries.ts';
import { keyOf, type RunRecord, remainingMs, shownQuestion, stateNow } from './run-state.ts';
import { liveSheet, studentSheet } from './self-paced.queries.ts';

const { interactionRuns, interactionAnswers } = schema;

/** A run of the organisation, else not_found. */
export async function loadRun(db: Executor, siteId: number, runId: number, lock = false): Promise<RunRecord> {
  const query = db
    .select()
    .from(interactionRuns)
    .where(and(eq(interactionRuns.siteId, siteId), eq(interactionRuns.id, runId)));
  const [run] = lock ? await query.for('update') : await query;
  if (!run) throw new AppError('not_found');
  return run;
}

/** The students of the run's classes now. */
export async function runStudentIds(db: Executor, siteId: number, classIds: readonly number[]): Promise<number[]> {
  if (classIds.length === 0) return [];
  const rows = await queryRows<{ user_id: number }>(db, classStudentsSql(siteId, classIds));
  return rows.map((row) => Number(row.user_id));
}

/** How many students the run's classes have now. */
async function studentCount(db: Executor, siteId: number, classIds: readonly number[]): Promise<number> {
  if (classIds.length === 0) return 0;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (${classStudentsSql(siteId, classIds)}) s`,
  );
  return Number(row?.n ?? 0);
}

/** A run the student may take part in: of the organisation, for one of their classes; else not_found. */
export async function requireStudentRun(db: Executor, siteId: number, userId: number, runId: number) {
  const run = await loadRun(db, siteId, runId);
  const member = `${run.id}:${userId}`;
  const { members } = answerCaches(db);
  if (members.get(member)) return run;
  const [found] =
    run.classIds.length === 0
      ? []
      : await queryRows<{ user_id: number }>(
          db,
          sql`select s.user_id from (${classStudentsSql(siteId, run.classIds)}) s where s.user_id = ${userId}`,
        );
  if (!found) throw new AppError('not_found');
  members.set(member, true);
  return run;
}

const LEADERBOARD_SIZE = 10;

/** The best `LEADERBOARD_SIZE` by points (then right answers, then who reached them first); numbered when anonymous. */
export async function leaderboard(db: Executor, run: RunRecord) {
  const rows = await queryRows<{ user_id: number; name: string; points: number; correct: number }>(
    db,
    sql`select a.user_id, coalesce(nullif(u.nickname, ''), u.username) as name, sum(a.points)::int as points,
        count(*) filter (where a.correct)::int as correct
      from interaction_answers a join users u on u.id = a.user_id
      where a.run_id = ${run.id}
      group by a.user_id, u.nickname, u.username
      order by points desc, correct desc, max(a.answered_at), a.user_id
      limit ${LEADERBOARD_SIZE}`,
  );
  return rows.map((row, place) => ({
    user_id: run.settings.anonymous ? null : Number(row.user_id),
    name: run.settings.anonymous ? `#${place + 1}` : row.name,
    points: Number(row.points),
    correct: Number(row.correct),
  }));
}

/** How the current question's answers split (null before the first question is sent). */
async function splitOf(db: Executor, run: RunRecord, optionCount: number, choice: boolean): Promise<TAnswerSplit> {
  const [[counts], keys] = await Promise.all([
    queryRows<{ answered: number; correct: number; partial: number }>(
      db,
      sql`select count(*)::int as answered, (count(*) filter (where correct))::int as correct,
          (count(*) filter (where not correct and share > 0))::int as partial
        from interaction_answers where run_id = ${run.id} and question_index = ${run.currentIndex}`,
    ),
    choice
      ? queryRows<{ key: number; count: number }>(
          db,
          sql`select k.key::int as key, count(*)::int as count
            from interaction_answers a, jsonb_array_elements_text(a.chosen) as k(key)
            where a.run_id = ${run.id} and a.question_index = ${run.currentIndex} group by k.key`,
        )
      : Promise.resolve([]),
  ]);
  const byKey = new Map(keys.map((row) => [Number(row.key), Number(row.count)]));
  const options = Array.from({ length: choice ? optionCount : 0 }, (_, key) => ({ key, count: byKey.get(key) ?? 0 }));
  const answered = Number(counts?.answered ?? 0);
  const correct = Number(counts?.correct ?? 0);
  const partial = Number(counts?.partial ?? 0);
  return { answered, correct, options, partial, wrong: answered - correct - partial };
}

/** The current question's content (null before the first is sent, or when it was deleted since). */
async function currentQuestion(db: Executor, run: RunRecord) {
  const item = run.items[run.currentIndex];
  if (!item) return null;
  const question = await cachedQuestion(db, run.siteId, item.question_id);
  return question ? { item, question } : null;
}

function stateOf(run: RunRecord, now: Date) {
  return {
    run_id: run.id,
    interaction_id: run.interactionId,
    course_id: run.courseId,
    title: run.title,
    mode: run.mode,
    status: run.status,
    question_count: run.items.length,
    current_index: run.currentIndex,
    question_state: stateNow(run, now),
    remaining_ms: remainingMs(run, now),
    settings: run.settings,
    server_now: now.toISOString(),
  };
}

/** `/course-interact/live`: what the teacher's screen shows. */
export async function liveView(db: Executor, run: RunRecord, now = new Date()): Promise<TRunLive> {
  const [students, joined, current, board, questions, sheet] = await Promise.all([
    studentCount(db, run.siteId, run.classIds),
    queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from interaction_joins where run_id = ${run.id}`,
    ),
    currentQuestion(db, run),
    // The board is shown once a question is revealed or the run ended; while answers pour in it is not read.
    stateNow(run, now) === 'revealed' || run.status === 'ended' ? leaderboard(db, run) : Promise.resolve([]),
    loadQuestionsById(
      db,
      run.siteId,
      run.items.map((item) => item.question_id),
    ),
    run.mode === 'self_paced' ? liveSheet(db, run) : Promise.resolve([]),
  ]);
  const choice = current !== null && isChoiceType(current.question.type);
  return {
    ...stateOf(run, now),
    class_ids: run.classIds,
    items: run.items.map((item) => ({
      ...item,
      type: questions.get(item.question_id)?.type ?? 'single',
      stem_text: questions.get(item.question_id)?.stemText ?? '',
    })),
    student_count: students,
    joined_count: Number(joined[0]?.count ?? 0),
    question: current ? shownQuestion(current.question, run.id, run.currentIndex, current.item.points) : null,
    ...(current ? keyOf(current.question) : { correct_options: null, spec: null }),
    split: current ? await splitOf(db, run, current.question.options.length, choice) : null,
    leaderboard: board,
    sheet,
  };
}

/** `/course-interact/join` and after an answer: what one student's screen shows. */
export async function studentView(
  db: Executor,
  run: RunRecord,
  userId: number,
  now = new Date(),
): Promise<TRunStudentView> {
  const state = stateNow(run, now);
  const [current, mine, total, sheet] = await Promise.all([
    currentQuestion(db, run),
    db
      .select()
      .from(interactionAnswers)
      .where(
        and(
          eq(interactionAnswers.runId, run.id),
          eq(interactionAnswers.questionIndex, run.currentIndex),
          eq(interactionAnswers.userId, userId),
        ),
      ),
    queryRows<{ points: number }>(
      db,
      sql`select coalesce(sum(points), 0)::int as points from interaction_answers
        where run_id = ${run.id} and user_id = ${userId}`,
    ),
    run.mode === 'self_paced' ? studentSheet(db, run, userId, now) : Promise.resolve([]),
  ]);
  const closed = state === 'closed' || state === 'revealed';
  const answer = mine[0];
  const revealed = state === 'revealed' && run.settings.show_answer && current !== null;
  const showBoard = run.settings.leaderboard && (state === 'revealed' || run.status === 'ended');
  return {
    ...stateOf(run, now),
    question: current ? shownQuestion(current.question, run.id, run.currentIndex, current.item.points) : null,
    my_answer: answer
      ? {
          chosen: answer.chosen,
          response: (answer.response ?? null) as TAnswerResponse | null,
          correct: closed ? answer.correct : null,
          points: closed ? answer.points : null,
        }
      : null,
    ...(revealed && current ? keyOf(current.question) : { correct_options: null, spec: null }),
    my_points: Number(total[0]?.points ?? 0),
    leaderboard: showBoard ? await leaderboard(db, run) : [],
    sheet,
  };
}
