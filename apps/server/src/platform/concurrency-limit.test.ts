import { describe, expect, it } from 'vitest';
import { concurrencyLimit } from './concurrency-limit.ts';

describe('concurrencyLimit', () => {
  it('runs at most `max` pieces at once, all of them, and answers each one its own result', async () => {
    const withSlot = concurrencyLimit(2);
    let running = 0;
    let most = 0;
    const piece = (n: number) =>
      withSlot(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        return n * 10;
      });
    // Some arrive while others finish: a newcomer never slips in beside a waiter handed a freed slot.
    const first = [1, 2, 3, 4].map(piece);
    await first[0];
    const later = [5, 6, 7].map(piece);
    expect(await Promise.all([...first, ...later])).toEqual([10, 20, 30, 40, 50, 60, 70]);
    expect(most).toBe(2);
  });

  it('frees the slot of a piece that failed', async () => {
    const withSlot = concurrencyLimit(1);
    await expect(withSlot(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(await withSlot(async () => 'next')).toBe('next');
  });
});
