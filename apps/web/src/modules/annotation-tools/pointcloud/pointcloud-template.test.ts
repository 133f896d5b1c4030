import type { TTemplateContent } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { cuboidLabels, cuboidToolOf, hasPointCloudTool, isCuboidShape } from './pointcloud-template.ts';

const template = {
  version: 1,
  components: [
    { id: 'cloud', type: 'point_cloud', field: '', title: '' },
    { id: 'other', type: 'tags', label: '', required: true, labels: [{ name: 'tree', color: '#00ff00' }] },
    {
      id: 'row',
      type: 'layout',
      direction: 'row',
      children: [
        {
          id: 'classes',
          type: 'tags',
          label: '',
          required: true,
          labels: [{ name: 'car', color: '#ff0000', shortcut: 'Shift+1' }],
        },
        { id: 'box3d', type: 'cuboid', label: '', shortcut: 'c', labels_from: 'classes' },
      ],
    },
  ],
} as unknown as TTemplateContent;

describe('point cloud template', () => {
  it('finds the cuboid tool in layouts and its labels_from tags with normalised shortcuts', () => {
    expect(hasPointCloudTool(template)).toBe(true);
    expect(hasPointCloudTool({ version: 1, components: [] } as unknown as TTemplateContent)).toBe(false);
    expect(hasPointCloudTool(null)).toBe(false);
    const tool = cuboidToolOf(template);
    expect(tool?.id).toBe('box3d');
    expect(cuboidLabels(template, tool)).toEqual([{ name: 'car', color: '#ff0000', shortcut: 'shift+1' }]);
  });

  it('recognises the tool’s cuboids only', () => {
    const cuboid = { id: 'c1', tool: 'box3d', type: 'cuboid', center: [1, 2, 3], size: [4, 2, 1.5], heading: 0 };
    expect(isCuboidShape(cuboid, 'box3d')).toBe(true);
    expect(isCuboidShape(cuboid, 'other')).toBe(false);
    expect(isCuboidShape({ ...cuboid, size: [4, 2] }, 'box3d')).toBe(false);
    expect(isCuboidShape({ ...cuboid, center: [1, Number.NaN, 3] }, 'box3d')).toBe(false);
  });
});
