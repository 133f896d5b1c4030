/** Routes of the task pages, route parameters and durations (no React, no API: unit-tested). */

export const myTasksPath = (subtab: 'doing' | 'finished' = 'doing') => `/production/task/my/${subtab}`;
export const taskDetailPath = (id: number, tab: 'jobs' | 'records' = 'jobs', subtab = 'all') =>
  `/production/task/task-detail/${id}/${tab}/${subtab}`;
export const executePath = (taskId: number, jobId?: number) =>
  `/production/task-execute?task_id=${taskId}${jobId ? `&job_id=${jobId}` : ''}`;

/** A positive integer id from a route or query parameter, or null. */
export function parseId(value: string | null | undefined): number | null {
  return value && /^\d{1,15}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/** Seconds as m:ss (or h:mm:ss). */
export function formatSeconds(total: number): string {
  const s = Math.max(0, Math.floor(total));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}
