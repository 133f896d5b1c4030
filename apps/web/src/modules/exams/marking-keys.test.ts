import type { TExamCandidate } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  answerKey,
  attemptsToMark,
  markComplete,
  neighbourKey,
  rubricOf,
  rubricTotal,
  shortText,
} from './marking-format.ts';
import { COMMENT_ID, type KeyPlace, keyPlace, type MarkingKey, markingKeyAction } from './marking-keys.ts';

const key = (k: string, extra: Partial<MarkingKey> = {}): MarkingKey => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...extra,
});
const plain = { rubric: false, maxPoints: 10 };
const element = (tagName: string, attributes: Record<string, string> = {}, isContentEditable = false) => ({
  tagName,
  id: attributes.id ?? '',
  isContentEditable,
  getAttribute: (name: string) => attributes[name] ?? null,
});

describe('keyPlace', () => {
  it('tells the comment box, the points fields, other fields, controls and the page apart', () => {
    expect(keyPlace(null)).toBe('page');
    expect(keyPlace(element('BODY'))).toBe('page');
    expect(keyPlace(element('DIV'))).toBe('page');
    expect(keyPlace(element('TEXTAREA', { id: COMMENT_ID }))).toBe('comment');
    expect(keyPlace(element('INPUT', { id: 'marking-points' }))).toBe('points');
    expect(keyPlace(element('INPUT', { id: 'marking-points-2' }))).toBe('points');
    expect(keyPlace(element('INPUT'))).toBe('field');
    expect(keyPlace(element('INPUT', { type: 'search' }))).toBe('field');
    expect(keyPlace(element('INPUT', { type: 'radio' }))).toBe('field');
    expect(keyPlace(element('INPUT', { type: 'checkbox' }))).toBe('control');
    expect(keyPlace(element('TEXTAREA'))).toBe('field');
    expect(keyPlace(element('SELECT'))).toBe('field');
    expect(keyPlace(element('DIV', {}, true))).toBe('field');
    expect(keyPlace(element('DIV', { role: 'tab' }))).toBe('field');
    expect(keyPlace(element('SPAN', { role: 'combobox' }))).toBe('field');
    expect(keyPlace(element('BUTTON'))).toBe('control');
    expect(keyPlace(element('button', { role: 'switch' }))).toBe('control');
    expect(keyPlace(element('A'))).toBe('control');
    expect(keyPlace(element('DIV', { role: 'button' }))).toBe('control');
  });
});

describe('markingKeyAction', () => {
  it('moves with J / K and the arrows, on the page and on a button', () => {
    for (const place of ['page', 'control'] as const) {
      expect(markingKeyAction(key('j'), place, plain)).toEqual({ kind: 'next' });
      expect(markingKeyAction(key('J'), place, plain)).toEqual({ kind: 'next' });
      expect(markingKeyAction(key('ArrowDown'), place, plain)).toEqual({ kind: 'next' });
      expect(markingKeyAction(key('k'), place, plain)).toEqual({ kind: 'previous' });
      expect(markingKeyAction(key('ArrowUp'), place, plain)).toEqual({ kind: 'previous' });
    }
    expect(markingKeyAction(key('j', { repeat: true }), 'page', plain)).toEqual({ kind: 'next' });
  });

  it('leaves keys typed in a field to the field', () => {
    for (const place of ['points', 'comment', 'field'] as const) {
      for (const k of ['j', 'k', 'ArrowDown', 'ArrowUp', '0', '5', '9']) {
        expect(markingKeyAction(key(k), place, plain), `${place} ${k}`).toBeNull();
      }
    }
  });

  it('sets the points with a digit, not above the most, never with a rubric', () => {
    expect(markingKeyAction(key('0'), 'page', plain)).toEqual({ kind: 'points', points: 0 });
    expect(markingKeyAction(key('7'), 'page', plain)).toEqual({ kind: 'points', points: 7 });
    expect(markingKeyAction(key('9'), 'control', plain)).toEqual({ kind: 'points', points: 9 });
    expect(markingKeyAction(key('6'), 'page', { rubric: false, maxPoints: 5 })).toBeNull();
    expect(markingKeyAction(key('5'), 'page', { rubric: false, maxPoints: 5 })).toEqual({ kind: 'points', points: 5 });
    expect(markingKeyAction(key('3'), 'page', { rubric: true, maxPoints: 10 })).toBeNull();
    expect(markingKeyAction(key('3', { repeat: true }), 'page', plain)).toBeNull();
  });

  it('saves with Enter outside the comment box and with Ctrl / Cmd + Enter anywhere', () => {
    expect(markingKeyAction(key('Enter'), 'page', plain)).toEqual({ kind: 'save' });
    expect(markingKeyAction(key('Enter'), 'points', plain)).toEqual({ kind: 'save' });
    expect(markingKeyAction(key('Enter'), 'comment', plain)).toBeNull();
    expect(markingKeyAction(key('Enter'), 'field', plain)).toBeNull();
    expect(markingKeyAction(key('Enter'), 'control', plain)).toBeNull();
    const places: KeyPlace[] = ['page', 'control', 'points', 'comment', 'field'];
    for (const place of places) {
      expect(markingKeyAction(key('Enter', { ctrlKey: true }), place, plain), place).toEqual({ kind: 'save' });
      expect(markingKeyAction(key('Enter', { metaKey: true }), place, plain), place).toEqual({ kind: 'save' });
    }
    expect(markingKeyAction(key('Enter', { repeat: true }), 'page', plain)).toBeNull();
    expect(markingKeyAction(key('Enter', { shiftKey: true }), 'comment', plain)).toBeNull();
  });

  it('leaves the browser its shortcuts and an input method its keys', () => {
    expect(markingKeyAction(key('j', { ctrlKey: true }), 'page', plain)).toBeNull();
    expect(markingKeyAction(key('k', { metaKey: true }), 'page', plain)).toBeNull();
    expect(markingKeyAction(key('ArrowDown', { altKey: true }), 'page', plain)).toBeNull();
    expect(markingKeyAction(key('J', { shiftKey: true }), 'page', plain)).toBeNull();
    expect(markingKeyAction(key('1', { ctrlKey: true }), 'page', plain)).toBeNull();
    expect(markingKeyAction(key('Enter', { isComposing: true }), 'page', plain)).toBeNull();
    expect(markingKeyAction(key('j', { isComposing: true }), 'page', plain)).toBeNull();
    expect(markingKeyAction(key('x'), 'page', plain)).toBeNull();
    expect(markingKeyAction(key(' '), 'page', plain)).toBeNull();
  });
});

describe('marking helpers', () => {
  it('steps through the answers by key', () => {
    const keys = [answerKey({ attempt_id: 1, question_id: 9 }), '2:9', '3:9'];
    expect(keys[0]).toBe('1:9');
    expect(neighbourKey(keys, '1:9', 1)).toBe('2:9');
    expect(neighbourKey(keys, '2:9', -1)).toBe('1:9');
    expect(neighbourKey(keys, '3:9', 1)).toBeNull();
    expect(neighbourKey(keys, '1:9', -1)).toBeNull();
    expect(neighbourKey(keys, 'gone', 1)).toBe('1:9');
    expect(neighbourKey([], null, 1)).toBeNull();
  });

  it('reads the rubric as the server does and totals it in proportion, rounded down to the cent', () => {
    const rubric = rubricOf('essay', {
      rubric: [
        { criterion: 'Argument', points: 6 },
        { criterion: '', points: 0 },
        { criterion: 'Language', points: 4 },
      ],
    });
    expect(rubric.map((c) => c.criterion)).toEqual(['Argument', 'Language']);
    expect(rubricTotal([5, 3], rubric, 30)).toEqual({ given: 8, most: 10, points: 24 });
    expect(rubricTotal([1, null], rubric, 10)).toEqual({ given: 1, most: 10, points: 1 });
    expect(rubricTotal([1, 0], [{ criterion: 'a', points: 3 }], 1)).toEqual({ given: 1, most: 3, points: 0.33 });
    expect(rubricOf('short', null)).toEqual([]);
    expect(rubricOf('single', null)).toEqual([]);
  });

  it('knows when a mark is complete', () => {
    const rubric = [
      { criterion: 'a', points: 2 },
      { criterion: 'b', points: 2 },
    ];
    expect(markComplete([], 0, [])).toBe(true);
    expect(markComplete([], null, [])).toBe(false);
    expect(markComplete(rubric, null, [1, 0])).toBe(true);
    expect(markComplete(rubric, 4, [1, null])).toBe(false);
    expect(markComplete(rubric, 4, [1])).toBe(false);
  });

  it('lists submitted attempts for marking, waiting ones first', () => {
    const c = (attempt_id: number | null, state: TExamCandidate['state']) => ({ attempt_id, state }) as TExamCandidate;
    const list = [
      c(1, 'graded'),
      c(2, 'being_graded'),
      c(null, 'not_started'),
      c(3, 'in_progress'),
      c(4, 'being_graded'),
    ];
    expect(attemptsToMark(list).map((a) => a.attempt_id)).toEqual([2, 4, 1]);
  });

  it('cuts a stem to one short line', () => {
    expect(shortText('  a\n b  ')).toBe('a b');
    expect(shortText('abcdef', 3)).toBe('abc…');
  });
});
