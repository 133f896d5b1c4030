import { describe, expect, it } from 'vitest';
import type { InteractionQuestion } from './interaction-questions.queries.ts';
import { gradeInteractAnswer, remainingMs, runOrder, stateNow } from './run-state.ts';

const question = (over: Partial<InteractionQuestion>): InteractionQuestion => ({
  id: 1,
  type: 'single',
  stem: '<p>Q</p>',
  stemText: 'Q',
  analysis: '',
  options: [
    { content: 'A', correct: true },
    { content: 'B', correct: false },
  ],
  spec: null,
  reviewStatus: 'passed',
  createdBy: null,
  ...over,
});

describe('grading an interactive answer', () => {
  it("gives Kahoot's speed points: all at once, 75 at half the time, half at the limit, none when wrong", () => {
    const q = question({});
    const item = { points: 100, seconds: 20 };
    const at = (ms: number, chosen = [0]) => gradeInteractAnswer(q, { chosen, response: null }, item, true, ms).points;
    expect([at(0), at(10_000), at(20_000), at(30_000), at(5_000, [1])]).toEqual([100, 75, 50, 50, 0]);
    expect(gradeInteractAnswer(q, { chosen: [0], response: null }, item, false, 19_000).points).toBe(100);
    expect(
      gradeInteractAnswer(q, { chosen: [0], response: null }, { points: 100, seconds: 0 }, true, 60_000).points,
    ).toBe(100);
  });

  it('gives a partly right answer its share: 2 of 3 blanks of 90 points = 60', () => {
    const q = question({
      type: 'blank',
      options: [],
      spec: { blanks: [{ accepted: ['a'] }, { accepted: ['b'] }, { accepted: ['c'] }] },
    });
    const graded = gradeInteractAnswer(
      q,
      { chosen: [], response: { texts: ['a', 'b', 'x'] } },
      { points: 90, seconds: 0 },
      false,
      0,
    );
    expect(graded.points).toBe(60);
    expect(graded.share).toBeCloseTo(2 / 3, 5);
    expect(graded.correct).toBe(false);
  });
});

describe('the order a run shows', () => {
  it('keeps choices as written and shows an ordering shuffled, never in order, the same for every screen', () => {
    expect(runOrder(question({}), 7, 0)).toEqual([0, 1]);
    const ordering = question({ type: 'ordering', options: [], spec: { items: ['1', '2', '3', '4'] } });
    for (let run = 1; run < 40; run++) {
      const order = runOrder(ordering, run, 2);
      expect([...order].sort()).toEqual([0, 1, 2, 3]);
      expect(order).not.toEqual([0, 1, 2, 3]);
      expect(runOrder(ordering, run, 2)).toEqual(order);
    }
  });
});

describe('the clock', () => {
  it('closes an open question at its deadline without a write', () => {
    const now = new Date('2026-11-29T10:00:00Z');
    const open = { questionState: 'open' as const, questionDeadline: new Date('2026-11-29T10:00:05Z') };
    expect([stateNow(open, now), remainingMs(open, now)]).toEqual(['open', 5000]);
    const late = new Date('2026-11-29T10:00:06Z');
    expect([stateNow(open, late), remainingMs(open, late)]).toEqual(['closed', null]);
    expect(remainingMs({ questionState: 'open', questionDeadline: null }, now)).toBeNull();
  });
});
