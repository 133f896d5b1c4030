import { describe, expect, it } from 'vitest';
import { asWorkResult } from './work-result.ts';

describe('work result', () => {
  it('keeps shapes and relations of a stored result untouched', () => {
    const shapes = [{ id: 'a', tool: 'rect', type: 'rect', x: 1, y: 2, w: 3, h: 4 }];
    const relations = [{ from: 'a', to: 'b', label: '' }];
    const result = asWorkResult({ version: 1, shapes, fields: { q: 'yes' }, relations });
    expect(result).toEqual({ version: 1, shapes, fields: { q: 'yes' }, relations });
    expect(asWorkResult(null)).toEqual({ version: 1, shapes: [], fields: {}, relations: [] });
  });
});
