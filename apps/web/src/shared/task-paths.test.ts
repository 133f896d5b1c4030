import { describe, expect, it } from 'vitest';
import { executePath, formatSeconds, parseId, taskDetailPath } from './task-paths.ts';

describe('task helpers', () => {
  it('formats the lease countdown', () => {
    expect(formatSeconds(0)).toBe('0:00');
    expect(formatSeconds(-5)).toBe('0:00');
    expect(formatSeconds(65)).toBe('1:05');
    expect(formatSeconds(3725)).toBe('1:02:05');
  });

  it('builds the routes of the pages', () => {
    expect(taskDetailPath(7)).toBe('/production/task/task-detail/7/jobs/all');
    expect(executePath(3)).toBe('/production/task-execute?task_id=3');
    expect(executePath(3, 9)).toBe('/production/task-execute?task_id=3&job_id=9');
    expect(parseId('12')).toBe(12);
    expect(parseId('0')).toBeNull();
    expect(parseId('x')).toBeNull();
  });
});
