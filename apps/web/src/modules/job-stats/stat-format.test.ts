import { describe, expect, it } from 'vitest';
import { newCondition, toConditions } from './conditions.ts';
import { formatDuration, formatPercent, lastSevenDays, rangeScope } from './stat-format.ts';

describe('statistics formats', () => {
  it('shows work time as h:mm:ss and ratios as percentages', () => {
    expect(formatDuration(0)).toBe('0:00:00');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(90_061)).toBe('25:01:01');
    expect(formatPercent(null)).toBe('—');
    expect(formatPercent(1 / 3)).toBe('33.3%');
    expect(formatPercent(1)).toBe('100.0%');
  });

  it('defaults to the last 7 UTC days, today included', () => {
    const { from, to } = rangeScope(lastSevenDays());
    expect(to).toBe(new Date().toISOString().slice(0, 10));
    expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(6);
  });

  it('sends complete conditions only, accuracy as a ratio', () => {
    const rows = [
      { ...newCondition(), field: 'accuracy' as const, op: 'gte' as const, value: 80 },
      { ...newCondition(), value: null },
      { ...newCondition(), field: 'sheets' as const, op: 'gt' as const, value: 3 },
    ];
    expect(toConditions(rows)).toEqual([
      { field: 'accuracy', op: 'gte', value: 0.8 },
      { field: 'sheets', op: 'gt', value: 3 },
    ]);
  });
});
