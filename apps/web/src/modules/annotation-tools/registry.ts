import type { TComponentType, TTemplateComponent } from '@app/contracts';

/**
 * The one list of template components that the visual template editor (palette, property panels) and the
 * workbench (which tool renders what) share. `group` orders the palette; `titleKey` is in the `annotation-tools`
 * namespace; `create` makes a new component with valid defaults (ids are given by the caller).
 */
export type ComponentGroup = 'media' | 'form' | 'labels' | 'tool' | 'other';

export interface ComponentSpec {
  type: TComponentType;
  group: ComponentGroup;
  titleKey: string;
  create: (id: string) => TTemplateComponent;
}

const name = (id: string) => id.replace(/[^A-Za-z0-9_]/g, '_').replace(/^([^A-Za-z_])/, '_$1');
const color = '#1677ff';

export const COMPONENTS: readonly ComponentSpec[] = [
  { type: 'image', group: 'media', titleKey: 'c_image', create: (id) => ({ id, type: 'image', field: '', title: '' }) },
  { type: 'text', group: 'media', titleKey: 'c_text', create: (id) => ({ id, type: 'text', field: '', title: '' }) },
  {
    type: 'audio',
    group: 'media',
    titleKey: 'c_audio',
    create: (id) => ({ id, type: 'audio', field: '', title: '', must_play_through: false }),
  },
  {
    type: 'video',
    group: 'media',
    titleKey: 'c_video',
    create: (id) => ({ id, type: 'video', field: '', title: '', fps: 10, must_play_through: false }),
  },
  {
    type: 'point_cloud',
    group: 'media',
    titleKey: 'c_point_cloud',
    create: (id) => ({ id, type: 'point_cloud', field: '', title: '' }),
  },
  ...(['radio', 'checkbox', 'select'] as const).map(
    (type): ComponentSpec => ({
      type,
      group: 'form',
      titleKey: `c_${type}`,
      create: (id) =>
        ({
          id,
          type,
          name: name(id),
          label: '',
          required: false,
          options: [{ value: 'a', label: 'A' }],
          ...(type === 'select' ? { multiple: false } : {}),
        }) as TTemplateComponent,
    }),
  ),
  {
    type: 'input',
    group: 'form',
    titleKey: 'c_input',
    create: (id) => ({
      id,
      type: 'input',
      name: name(id),
      label: '',
      required: false,
      placeholder: '',
      max_length: 200,
    }),
  },
  {
    type: 'textarea',
    group: 'form',
    titleKey: 'c_textarea',
    create: (id) => ({
      id,
      type: 'textarea',
      name: name(id),
      label: '',
      required: false,
      placeholder: '',
      max_length: 2000,
    }),
  },
  {
    type: 'upload',
    group: 'form',
    titleKey: 'c_upload',
    create: (id) => ({ id, type: 'upload', name: name(id), label: '', required: false, accept: [], max_files: 1 }),
  },
  {
    type: 'data_cleaning',
    group: 'form',
    titleKey: 'c_data_cleaning',
    create: (id) => ({
      id,
      type: 'data_cleaning',
      name: name(id),
      label: '',
      valid_label: '',
      invalid_label: '',
      reasons: [],
    }),
  },
  {
    type: 'tags',
    group: 'labels',
    titleKey: 'c_tags',
    create: (id) => ({ id, type: 'tags', label: '', required: true, labels: [{ name: 'label', color }] }),
  },
  {
    type: 'tag_group',
    group: 'labels',
    titleKey: 'c_tag_group',
    create: (id) => ({
      id,
      type: 'tag_group',
      name: name(id),
      label: '',
      multiple: false,
      required: false,
      asterisk: false,
      labels: [{ name: 'label', color }],
    }),
  },
  ...(['rect', 'rotated_rect', 'point', 'cuboid', 'text_entity', 'video_track'] as const).map(
    (type): ComponentSpec => ({
      type,
      group: 'tool',
      titleKey: `c_${type}`,
      create: (id) => ({ id, type, label: '' }) as TTemplateComponent,
    }),
  ),
  {
    type: 'polygon',
    group: 'tool',
    titleKey: 'c_polygon',
    create: (id) => ({ id, type: 'polygon', label: '', min_points: 3 }),
  },
  {
    type: 'polyline',
    group: 'tool',
    titleKey: 'c_polyline',
    create: (id) => ({ id, type: 'polyline', label: '', min_points: 2 }),
  },
  {
    type: 'keypoints',
    group: 'tool',
    titleKey: 'c_keypoints',
    create: (id) => ({
      id,
      type: 'keypoints',
      label: '',
      points: [{ name: 'p1' }, { name: 'p2' }],
      edges: [[0, 1]],
      reference_image: false,
    }),
  },
  {
    type: 'audio_segment',
    group: 'tool',
    titleKey: 'c_audio_segment',
    create: (id) => ({ id, type: 'audio_segment', label: '', transcript: false }),
  },
  {
    type: 'layout',
    group: 'other',
    titleKey: 'c_layout',
    create: (id) => ({ id, type: 'layout', direction: 'row', children: [] }),
  },
  {
    type: 'external_link',
    group: 'other',
    titleKey: 'c_external_link',
    create: (id) => ({ id, type: 'external_link', label: 'link', url: 'https://example.com' }),
  },
];

export const componentSpec = (type: TComponentType) => COMPONENTS.find((c) => c.type === type);
