import { describe, expect, it } from 'vitest';
import {
  formatMemory,
  formatMs,
  formatScore,
  isSettled,
  keepCode,
  pushedSubmissionId,
  scoreLevel,
  statusColor,
  statusKey,
  storedCode,
} from './result-format.ts';

describe('experiment results', () => {
  it('names statuses by their catalogue key, unknown ones generically', () => {
    expect(statusKey('memory_limit')).toBe('status_memory_limit');
    expect(statusKey('compile_error')).toBe('status_compile_error');
    expect(statusKey('wrong_answer')).toBe('status_wrong_answer');
    expect(statusKey('something_new')).toBe('status_unknown');
    expect(statusKey(undefined)).toBe('status_unknown');
  });

  it('colours success, limits, failures and waiting apart', () => {
    expect(statusColor('ok')).toBe('green');
    expect(statusColor('passed')).toBe('green');
    expect(statusColor('wall_limit')).toBe('orange');
    expect(statusColor('output_limit')).toBe('orange');
    expect(statusColor('runtime_error')).toBe('red');
    expect(statusColor('queued')).toBe('blue');
    expect(statusColor('partial')).toBe('gold');
  });

  it('formats times, memory and scores', () => {
    expect(formatMs(12.4)).toBe('12 ms');
    expect(formatMs(1250)).toBe('1.25 s');
    expect(formatMs(null)).toBe('-');
    expect(formatMemory(2048)).toBe('2 KB');
    expect(formatMemory(9.5 * 1024 * 1024)).toBe('9.5 MB');
    expect(formatMemory(undefined)).toBe('-');
    expect(formatScore(2)).toBe('2');
    expect(formatScore(1 / 3)).toBe('0.33');
    expect(formatScore(null)).toBe('-');
  });

  it('tells full, partial and zero scores', () => {
    expect(scoreLevel({ score: 3, max_score: 3 })).toBe('full');
    expect(scoreLevel({ score: 2, max_score: 3 })).toBe('partial');
    expect(scoreLevel({ score: 0, max_score: 3 })).toBe('zero');
    expect(scoreLevel({ score: 0, max_score: 0 })).toBe('zero');
  });

  it('knows when a submission is settled', () => {
    expect(isSettled('queued')).toBe(false);
    expect(isSettled('running')).toBe(false);
    expect(isSettled('done')).toBe(true);
    expect(isSettled('failed')).toBe(true);
  });

  it('takes only experiment pushes with a submission id', () => {
    expect(pushedSubmissionId({ action: 'experiment', submission_id: 7, status: 'done' })).toBe(7);
    expect(pushedSubmissionId({ action: 'invigilation', submission_id: 7 })).toBeNull();
    expect(pushedSubmissionId({ action: 'experiment', submission_id: '7' })).toBeNull();
    expect(pushedSubmissionId(null)).toBeNull();
  });

  it('keeps code per experiment, the starter code when none is kept', () => {
    const saved = new Map<string, string>();
    const storage = {
      getItem: (k: string) => saved.get(k) ?? null,
      setItem: (k: string, v: string) => saved.set(k, v),
    };
    expect(storedCode(storage, 1, 'starter')).toBe('starter');
    keepCode(storage, 1, 'print(1)');
    expect(storedCode(storage, 1, 'starter')).toBe('print(1)');
    expect(storedCode(storage, 2, 'other')).toBe('other');
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    expect(storedCode(broken, 1, 'starter')).toBe('starter');
    expect(() => keepCode(broken, 1, 'x')).not.toThrow();
  });
});
