import { describe, expect, it } from 'vitest';
import { pageWithTotal } from './paging.ts';

describe('pageWithTotal', () => {
  it('answers the rows and the total', async () => {
    expect(await pageWithTotal(Promise.resolve([{ a: 1 }]), Promise.resolve([{ n: '7' }]))).toEqual({
      rows: [{ a: 1 }],
      total: 7,
    });
  });

  it('rejects once when both queries fail, leaving no rejection unhandled', async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      // Both started eagerly, as a raw query is: the rows fail first, the count a moment later.
      const rows = Promise.reject(new Error('rows failed'));
      const counted = new Promise<{ n: number }[]>((_, reject) =>
        setTimeout(() => reject(new Error('count failed')), 5),
      );
      await expect(pageWithTotal(rows, counted)).rejects.toThrow('rows failed');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', record);
    }
  });
});
