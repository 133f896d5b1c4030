import { describe, expect, it } from 'vitest';
import { formatLogLine } from './log-format.ts';

describe('readable log lines', () => {
  it('shows the time, the level, the message and the other fields, without pid and hostname', () => {
    const line = JSON.stringify({
      level: 40,
      time: Date.UTC(2026, 0, 1, 8, 5, 9),
      pid: 1,
      hostname: 'h',
      msg: 'slow',
      ms: 12,
      path: '/a',
    });
    const text = formatLogLine(line);
    expect(text).toMatch(/^\d\d:\d\d:\d\d WARN {2}slow ms=12 path=\/a\n$/);
    expect(text).not.toContain('hostname');
  });

  it('puts an error stack under its line, and passes text that is not JSON through', () => {
    const line = JSON.stringify({
      level: 50,
      time: 0,
      msg: 'failed',
      err: { message: 'boom', stack: 'Error: boom\n    at x' },
    });
    expect(formatLogLine(line)).toContain('ERROR failed\nError: boom\n    at x\n');
    expect(formatLogLine('plain words')).toBe('plain words');
  });
});
