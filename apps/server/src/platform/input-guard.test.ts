import { describe, expect, it } from 'vitest';
import { findUnsafeInput, MAX_INPUT_DEPTH } from './input-guard.ts';

const nested = (levels: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
};

describe('findUnsafeInput', () => {
  it('passes ordinary text: Chinese, emoji (surrogate pairs), line breaks', () => {
    expect(findUnsafeInput({ name: '标注任务 😀', note: 'a\nb\tc', list: [1, 'x', null, { k: true }] })).toBeNull();
  });

  it('names the field with a NUL or a lone surrogate, in values and in keys', () => {
    expect(findUnsafeInput({ keyword: 'a\u0000b' })).toEqual({ field: 'keyword', code: 'unsafe_text' });
    expect(findUnsafeInput({ draft: { shapes: [{ label: 'x\ud800' }] } })).toEqual({
      field: 'draft.shapes.0.label',
      code: 'unsafe_text',
    });
    expect(findUnsafeInput({ details: { 'k\u0000': 1 } })).toEqual({ field: 'details.k\\u0000', code: 'unsafe_text' });
    expect(findUnsafeInput('\udfff')).toEqual({ field: '(body)', code: 'unsafe_text' });
  });

  it(`allows ${MAX_INPUT_DEPTH} levels of nesting and refuses one more, without recursion`, () => {
    expect(findUnsafeInput(nested(MAX_INPUT_DEPTH))).toBeNull();
    expect(findUnsafeInput(nested(MAX_INPUT_DEPTH + 1))?.code).toBe('too_deep');
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findUnsafeInput(deep)).toEqual({ field: expect.any(String), code: 'too_deep' });
  });
});
