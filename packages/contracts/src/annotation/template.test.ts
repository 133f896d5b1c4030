import { describe, expect, it } from 'vitest';
import en from '../../../i18n/locales/en-US/annotation-templates.json' with { type: 'json' };
import zh from '../../../i18n/locales/zh-CN/annotation-templates.json' with { type: 'json' };
import { normaliseShortcut, type TTemplateContentInput, ZTemplateContent } from './template.ts';
import { checkTemplate, TEMPLATE_PROBLEM_CODES, type TemplateCategory, templateProblems } from './template-rules.ts';

const IMAGE_RECT: TemplateCategory = { task_type: 'image', draw_type: 'rect' };

function parse(doc: TTemplateContentInput) {
  return ZTemplateContent.parse(doc);
}

/** A valid image-box template; tests change one thing each. */
function boxes(extra: TTemplateContentInput['components'] = []): TTemplateContentInput {
  return {
    version: 1,
    components: [
      { id: 'img', type: 'image' },
      {
        id: 'classes',
        type: 'tags',
        labels: [
          { name: 'car', color: '#ff0000', shortcut: '1' },
          { name: 'person', color: '#00ff00', shortcut: '2' },
        ],
      },
      { id: 'box', type: 'rect', shortcut: 'r', labels_from: 'classes' },
      ...extra,
    ],
  };
}

const codes = (doc: TTemplateContentInput, category = IMAGE_RECT, sampleImage?: string | null) =>
  templateProblems(parse(doc), category, { sampleImage }).map((p) => p.code);

describe('template document schema', () => {
  it('parses a valid document and fills defaults', () => {
    const doc = parse(
      boxes([{ id: 'v', type: 'layout', children: [{ id: 'q', type: 'input', name: 'q', label: 'Q' }] }]),
    );
    expect(doc.components[0]).toEqual({ id: 'img', type: 'image', field: '', title: '' });
    const layout = doc.components[3];
    expect(layout?.type === 'layout' && layout.direction).toBe('row');
    expect(layout?.type === 'layout' && layout.children[0]).toMatchObject({ required: false, max_length: 200 });
  });

  it('refuses unknown component types, bad colours, bad shortcuts and a wrong version', () => {
    expect(ZTemplateContent.safeParse({ version: 1, components: [{ id: 'x', type: 'nope' }] }).success).toBe(false);
    expect(ZTemplateContent.safeParse({ version: 2, components: [] }).success).toBe(false);
    const badColour = boxes();
    (badColour.components[1] as { labels: { color: string }[] }).labels[0]!.color = 'red';
    expect(ZTemplateContent.safeParse(badColour).success).toBe(false);
    expect(ZTemplateContent.safeParse(boxes([{ id: 'p', type: 'point', shortcut: 'ctrl+ctrl+x' }])).success).toBe(
      false,
    );
    expect(ZTemplateContent.safeParse(boxes([{ id: 'bad id!', type: 'point' }])).success).toBe(false);
  });

  it('normalises shortcuts: case and modifier order do not matter', () => {
    expect(normaliseShortcut('Shift+Ctrl+S')).toBe('ctrl+shift+s');
    expect(normaliseShortcut('F2')).toBe('f2');
    expect(normaliseShortcut('ctrl+')).toBeNull();
    expect(normaliseShortcut('hyper+a')).toBeNull();
  });

  it('checkTemplate reports structure problems with their path', () => {
    const result = checkTemplate({ version: 1, components: [{ id: 'v', type: 'video', fps: 'x' }] }, IMAGE_RECT);
    expect(result.content).toBeNull();
    expect(result.problems[0]).toMatchObject({ code: 'schema_invalid', params: { path: 'components.0.fps' } });
  });
});

describe('template rules', () => {
  it('accepts the valid document', () => {
    expect(codes(boxes())).toEqual([]);
  });

  it('shortcuts are unique across tools and labels, whatever their case or modifier order', () => {
    expect(codes(boxes([{ id: 'poly', type: 'polygon', shortcut: '1' }]))).toContain('shortcut_duplicate');
    expect(
      codes(
        boxes([
          { id: 'p1', type: 'point', shortcut: 'Ctrl+Shift+A' },
          { id: 'p2', type: 'point', shortcut: 'shift+ctrl+a' },
        ]),
      ),
    ).toEqual(['shortcut_duplicate']);
  });

  it('needs a drawing tool of the category kind where the category draws', () => {
    const noTool = boxes();
    noTool.components.splice(2, 1);
    expect(codes(noTool)).toContain('drawing_tool_missing');
    expect(codes(boxes(), { task_type: 'image', draw_type: 'polygon' })).toEqual(['drawing_tool_missing']);
    expect(codes(boxes(), { task_type: 'image', draw_type: 'mixed' })).toEqual([]);
    expect(codes(noTool, { task_type: 'image', draw_type: 'none' })).toEqual(['result_component_missing']);
  });

  it('tools fit the media and name an existing label set', () => {
    expect(codes(boxes([{ id: 'span', type: 'text_entity' }]))).toEqual(['tool_media_mismatch']);
    expect(codes(boxes([{ id: 'p', type: 'point', labels_from: 'nowhere' }]))).toEqual(['labels_source_missing']);
  });

  it('choice controls keep at least one option, with distinct values', () => {
    const radio = { id: 'q', type: 'radio' as const, name: 'q', label: 'Q', options: [] };
    expect(codes(boxes([radio]))).toEqual(['options_empty']);
    for (const type of ['checkbox', 'select'] as const)
      expect(codes(boxes([{ ...radio, type }]))).toEqual(['options_empty']);
    const twice = [
      { value: 'a', label: 'A' },
      { value: 'a', label: 'A2' },
    ];
    expect(codes(boxes([{ ...radio, options: twice }]))).toEqual(['option_duplicate']);
  });

  it('label sets keep at least one label, with distinct names', () => {
    const group = { id: 'g', type: 'tag_group' as const, name: 'g', label: 'G', labels: [] };
    expect(codes(boxes([group]))).toEqual(['labels_empty']);
    const same = [
      { name: 'x', color: '#000000' },
      { name: 'x', color: '#111111' },
    ];
    expect(codes(boxes([{ ...group, labels: same }]))).toEqual(['label_duplicate']);
  });

  it('key points keep at least one point, edges join existing points, a reference image is uploaded first', () => {
    const category: TemplateCategory = { task_type: 'image', draw_type: 'keypoints' };
    const kp = (extra: object) => ({
      version: 1 as const,
      components: [
        { id: 'img', type: 'image' as const },
        {
          id: 'k',
          type: 'keypoints' as const,
          points: [{ name: 'a' }, { name: 'b' }],
          edges: [[0, 1]] as [number, number][],
          ...extra,
        },
      ],
    });
    expect(codes(kp({}), category)).toEqual([]);
    expect(codes(kp({ points: [], edges: [] }), category)).toEqual(['keypoints_empty']);
    expect(codes(kp({ edges: [[0, 2]] }), category)).toEqual(['keypoint_edge_invalid']);
    expect(codes(kp({ edges: [[1, 1]] }), category)).toEqual(['keypoint_edge_invalid']);
    expect(codes(kp({ reference_image: true }), category)).toEqual(['sample_image_missing']);
    expect(codes(kp({ reference_image: true }), category, '/files/template-samples/a.png')).toEqual([]);
  });

  it('video fps is 1-20', () => {
    const category: TemplateCategory = { task_type: 'video', draw_type: 'video_track' };
    const video = (fps: number) => ({
      version: 1 as const,
      components: [
        { id: 'v', type: 'video' as const, fps },
        { id: 't', type: 'video_track' as const },
      ],
    });
    expect(codes(video(1), category)).toEqual([]);
    expect(codes(video(20), category)).toEqual([]);
    expect(codes(video(0), category)).toEqual(['fps_out_of_range']);
    expect(codes(video(21), category)).toEqual(['fps_out_of_range']);
  });

  it("the media placeholder fits the category's task type; forms need none", () => {
    const noImage = boxes();
    noImage.components.splice(0, 1);
    expect(codes(noImage)).toEqual(['media_missing']);
    expect(codes(boxes([{ id: 'a', type: 'audio' }]))).toEqual(['media_mismatch']);
    const form = { version: 1 as const, components: [{ id: 'q', type: 'textarea' as const, name: 'q', label: 'Q' }] };
    expect(codes(form, { task_type: 'form', draw_type: 'none' })).toEqual([]);
  });

  it('ids and field names are unique, layouts hold something and nest at most 4 deep', () => {
    expect(codes(boxes([{ id: 'img', type: 'point' }]))).toEqual(['duplicate_id']);
    const input = { type: 'input' as const, name: 'same', label: 'x' };
    expect(
      codes(
        boxes([
          { ...input, id: 'i1' },
          { ...input, id: 'i2' },
        ]),
      ),
    ).toEqual(['duplicate_name']);
    expect(codes(boxes([{ id: 'l', type: 'layout', children: [] }]))).toEqual(['layout_empty']);
    const nest = (depth: number): TTemplateContentInput['components'][number] =>
      depth === 0 ? { id: 'leaf', type: 'point' } : { id: `l${depth}`, type: 'layout', children: [nest(depth - 1)] };
    expect(codes(boxes([nest(3)]))).toEqual([]);
    expect(codes(boxes([nest(4)]))).toEqual(['layout_too_deep']);
  });

  it('something must produce a result', () => {
    expect(
      codes({ version: 1, components: [{ id: 'img', type: 'image' }] }, { task_type: 'image', draw_type: 'none' }),
    ).toEqual(['result_component_missing']);
  });

  it('has a message for every problem code in both languages', () => {
    for (const code of TEMPLATE_PROBLEM_CODES) {
      expect(zh, code).toHaveProperty([`problem.${code}`]);
      expect(en, code).toHaveProperty([`problem.${code}`]);
    }
  });
});
