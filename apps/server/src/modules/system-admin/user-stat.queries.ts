import { type Executor, schema } from '@app/db';
import { and, gte, inArray, lt, sql } from 'drizzle-orm';
import { dayAfter } from './logs.queries.ts';

/** Audit actions that open a session (login.service.ts `openSession`). */
export const SIGN_IN_ACTIONS = ['login', 'login_quick', 'login_after_signup'] as const;
const MAX_DAYS = 366;

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The days of the range (inclusive), oldest first; default the last 30 days, at most a year. */
export function daysOf(from: string | undefined, to: string | undefined, now = new Date()): string[] {
  const end = to ?? dayOf(now);
  const start = from ?? dayOf(new Date(new Date(`${end}T00:00:00.000Z`).getTime() - 29 * 86_400_000));
  const days: string[] = [];
  if (start > end) return days;
  for (let day = start; day <= end && days.length < MAX_DAYS; day = dayOf(dayAfter(day))) days.push(day);
  return days;
}

/** Per day (UTC): accounts created, sign-ins, and distinct users who signed in. */
export async function userStatsPerDay(db: Executor, from?: string, to?: string) {
  const days = daysOf(from, to);
  if (days.length === 0) return [];
  const start = new Date(`${days[0]}T00:00:00.000Z`);
  const end = dayAfter(days[days.length - 1]!);
  const { users, auditLogs } = schema;
  const userDay = sql<string>`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const logDay = sql<string>`to_char(${auditLogs.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const [created, signIns] = await Promise.all([
    db
      .select({ day: userDay, count: sql<number>`count(*)::int` })
      .from(users)
      .where(and(gte(users.createdAt, start), lt(users.createdAt, end)))
      .groupBy(userDay),
    db
      .select({
        day: logDay,
        count: sql<number>`count(*)::int`,
        users: sql<number>`count(distinct ${auditLogs.userId})::int`,
      })
      .from(auditLogs)
      .where(
        and(
          gte(auditLogs.createdAt, start),
          lt(auditLogs.createdAt, end),
          inArray(auditLogs.action, [...SIGN_IN_ACTIONS]),
        ),
      )
      .groupBy(logDay),
  ]);
  const createdBy = new Map(created.map((r) => [r.day, r.count]));
  const signInsBy = new Map(signIns.map((r) => [r.day, r]));
  return days.map((day) => ({
    day,
    new_users: createdBy.get(day) ?? 0,
    sign_ins: signInsBy.get(day)?.count ?? 0,
    active_users: signInsBy.get(day)?.users ?? 0,
  }));
}
