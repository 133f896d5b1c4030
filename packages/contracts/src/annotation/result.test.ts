import { describe, expect, it } from 'vitest';
import en from '../../../i18n/locales/en-US/annotation-templates.json' with { type: 'json' };
import zh from '../../../i18n/locales/zh-CN/annotation-templates.json' with { type: 'json' };
import { resultCounts, ZAnnotationResult } from './result.ts';
import { RESULT_PROBLEM_CODES, resultProblems } from './result-rules.ts';
import { ZTemplateContent } from './template.ts';

const template = ZTemplateContent.parse({
  version: 1,
  components: [
    { id: 'img', type: 'image' },
    { id: 'labels', type: 'tags', labels: [{ name: 'car', color: '#ff0000' }] },
    { id: 'box', type: 'rect' },
    { id: 'outline', type: 'polygon', min_points: 3 },
    { id: 'face', type: 'keypoints', points: [{ name: 'eye' }, { name: 'nose' }], edges: [[0, 1]] },
    {
      id: 'row',
      type: 'layout',
      children: [
        {
          id: 'q',
          type: 'radio',
          name: 'quality',
          label: '清晰度',
          required: true,
          options: [{ value: 'ok', label: 'OK' }],
        },
        {
          id: 'g1',
          type: 'tag_group',
          name: 'weather',
          label: 'Weather',
          asterisk: true,
          labels: [{ name: 'sun', color: '#ffff00' }],
        },
      ],
    },
  ],
});

const parse = (value: unknown) => ZAnnotationResult.parse(value);

describe('resultProblems', () => {
  it('calls an empty result empty, whatever else is missing', () => {
    expect(resultProblems(template, parse({ version: 1 }))).toEqual([{ code: 'result_empty' }]);
  });

  it('names the required item, the asterisked groups, unlabelled and incomplete shapes', () => {
    const result = parse({
      version: 1,
      shapes: [
        { id: 'a', tool: 'box', type: 'rect', x: 0, y: 0, w: 1, h: 1 },
        {
          id: 'b',
          tool: 'outline',
          type: 'polygon',
          label: 'car',
          points: [
            [0, 0],
            [1, 1],
          ],
        },
        { id: 'c', tool: 'face', type: 'keypoints', label: 'car', points: [{ x: 1, y: 1, v: 2 }] },
      ],
    });
    expect(resultProblems(template, result).map((p) => [p.code, p.shape_id ?? p.component_id])).toEqual([
      ['tag_required', 'a'],
      ['annotation_incomplete', 'b'],
      ['annotation_incomplete', 'c'],
      ['required_empty', 'q'],
      ['asterisk_group_empty', undefined],
    ]);
  });

  it('refuses tools, labels, fields and options the template does not have', () => {
    const result = parse({
      version: 1,
      shapes: [
        { id: 'a', tool: 'pen', type: 'rect', x: 0, y: 0, w: 1, h: 1 },
        { id: 'b', tool: 'box', type: 'rect', label: 'bus', x: 0, y: 0, w: 1, h: 1 },
      ],
      fields: { quality: 'blurred', weather: 'sun', colour: 'red' },
    });
    expect(resultProblems(template, result).map((p) => p.code)).toEqual([
      'shape_tool_unknown',
      'label_unknown',
      'option_unknown',
      'field_unknown',
    ]);
  });

  it('accepts a complete result', () => {
    const result = parse({
      version: 1,
      shapes: [{ id: 'a', tool: 'box', type: 'rect', label: 'car', x: 0, y: 0, w: 1, h: 1 }],
      fields: { quality: 'ok', weather: ['sun'] },
    });
    expect(resultProblems(template, result)).toEqual([]);
  });
});

it('has a message for every problem in both languages', () => {
  for (const code of RESULT_PROBLEM_CODES) {
    expect((zh as Record<string, string>)[`result_problem.${code}`], code).toBeTruthy();
    expect((en as Record<string, string>)[`result_problem.${code}`], code).toBeTruthy();
  }
});

describe('resultCounts', () => {
  it('counts boxes, placed points and vertices, and shapes plus filled fields', () => {
    const result = parse({
      version: 1,
      shapes: [
        { id: 'a', tool: 'box', type: 'rect', label: 'car', x: 0, y: 0, w: 1, h: 1 },
        {
          id: 'b',
          tool: 'outline',
          type: 'polygon',
          label: 'car',
          points: [
            [0, 0],
            [1, 1],
            [2, 0],
          ],
        },
        {
          id: 'c',
          tool: 'face',
          type: 'keypoints',
          points: [
            { x: 1, y: 1, v: 2 },
            { x: 0, y: 0, v: 0 },
          ],
        },
      ],
      fields: { quality: 'ok', weather: [], note: '' },
    });
    expect(resultCounts(result)).toEqual({ boxes: 1, points: 4, annotations: 4 });
  });
});
