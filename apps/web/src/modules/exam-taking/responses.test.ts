import { describe, expect, it } from 'vitest';
import { blankTexts, countWords, htmlText, matchingOrder, moveItem, orderingOrder } from './responses.ts';

describe('countWords', () => {
  it('counts nothing in an empty or blank answer', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('  \n\t ')).toBe(0);
  });

  it('counts English words by the spaces between them, punctuation alone counting nothing', () => {
    expect(countWords('Hello world')).toBe(2);
    expect(countWords('  Hello,   world!  ')).toBe(2);
    expect(countWords("don't stop - now")).toBe(3);
    expect(countWords('line\nbreak\ttab')).toBe(3);
    expect(countWords('e.g. 3.14 — 42')).toBe(3);
  });

  it('counts every Chinese character as one, punctuation not', () => {
    expect(countWords('你好，世界。')).toBe(4);
    expect(countWords('「标注」')).toBe(2);
  });

  it('counts mixed Chinese and English', () => {
    expect(countWords('我用 React 写了 3 个组件')).toBe(9);
    expect(countWords('React框架')).toBe(3);
    expect(countWords('版本v2发布')).toBe(5);
  });
});

describe('ordering and matching answers', () => {
  it('moves an item, leaving the list alone when the move goes nowhere', () => {
    const list = [3, 1, 2];
    expect(moveItem(list, 1, 0)).toEqual([1, 3, 2]);
    expect(moveItem(list, 0, 2)).toEqual([1, 2, 3]);
    expect(moveItem(list, 0, -1)).toBe(list);
    expect(moveItem(list, 2, 3)).toBe(list);
    expect(moveItem(list, 1, 1)).toBe(list);
    expect(list).toEqual([3, 1, 2]);
  });

  it('starts an ordering from the saved order only when it holds every item once', () => {
    expect(orderingOrder([2, 0, 1], undefined)).toEqual([2, 0, 1]);
    expect(orderingOrder([2, 0, 1], [0, 1, 2])).toEqual([0, 1, 2]);
    expect(orderingOrder([2, 0, 1], [])).toEqual([2, 0, 1]);
    expect(orderingOrder([2, 0, 1], [0, 0, 1])).toEqual([2, 0, 1]);
    expect(orderingOrder([2, 0, 1], [0, 1, 5])).toEqual([2, 0, 1]);
  });

  it('gives matching one key per left item, -1 for none or a key not offered', () => {
    expect(matchingOrder(3, [4, 0, 2, 1, 3], undefined)).toEqual([-1, -1, -1]);
    expect(matchingOrder(3, [4, 0, 2, 1, 3], [2, 9])).toEqual([2, -1, -1]);
    expect(matchingOrder(2, [1, 0], [1, 0, 1])).toEqual([1, 0]);
  });

  it('gives one text per blank', () => {
    expect(blankTexts(3, ['a'])).toEqual(['a', '', '']);
    expect(blankTexts(1, ['a', 'b'])).toEqual(['a']);
  });

  it('reads the text of HTML without a browser', () => {
    expect(htmlText('<p>Paris <b>France</b></p>')).toBe('Paris France');
  });
});
