import type { AppDeps, SessionInfo } from './context.ts';

/** Counts one figure of the to-do panel for the caller (e.g. exams waiting to be taken). */
export type UserStatCounter = (deps: AppDeps, session: SessionInfo) => Promise<number>;

/** What the heartbeat answers: the pending interactive-answering and exam counts, always present, plus any registered counter. */
export interface UserStat {
  course_interact_task_count: number;
  examine_count: number;
  [name: string]: number;
}

const counters = new Map<string, UserStatCounter>();

/**
 * Adds a counter to every heartbeat's `user_stat` under `name`. The exam and course modules register
 * `examine_count` and `course_interact_task_count` here; a name can be registered once.
 */
export function registerUserStat(name: string, counter: UserStatCounter): void {
  if (!/^[a-z][a-z0-9_]{0,63}$/.test(name)) throw new Error(`user stat name "${name}" must be snake_case`);
  if (counters.has(name)) throw new Error(`user stat "${name}" is already registered`);
  counters.set(name, counter);
}

/**
 * Runs every registered counter for the caller. A counter that fails or answers something other than a
 * non-negative integer counts 0 (and is logged), so one broken module never breaks the heartbeat.
 */
export async function computeUserStat(deps: AppDeps, session: SessionInfo): Promise<UserStat> {
  const stat: UserStat = { course_interact_task_count: 0, examine_count: 0 };
  const entries = [...counters];
  const values = await Promise.all(
    entries.map(async ([name, counter]) => {
      try {
        const value = await counter(deps, session);
        if (Number.isSafeInteger(value) && value >= 0) return value;
        deps.log.warn({ stat: name, value }, 'user stat counter answered a non-count');
      } catch (error) {
        deps.log.warn({ err: error, stat: name }, 'user stat counter failed');
      }
      return 0;
    }),
  );
  entries.forEach(([name], index) => {
    stat[name] = values[index] ?? 0;
  });
  return stat;
}
