import type { Executor } from '../client.ts';
import { labelDictItems, labelDicts } from '../schema/index.ts';

/** Demo production dictionaries (`/production/dict`) of one organisation: label lists templates can take. */
const DEMO_LABEL_DICTS: {
  name: string;
  description: string;
  items: { value: string; label: string; color: string; shortcut: string | null }[];
}[] = [
  {
    name: '车辆类型',
    description: '道路场景中的常见车辆类别',
    items: [
      { value: 'car', label: '轿车', color: '#1677ff', shortcut: '1' },
      { value: 'truck', label: '卡车', color: '#fa8c16', shortcut: '2' },
      { value: 'bus', label: '公交车', color: '#52c41a', shortcut: '3' },
      { value: 'motorcycle', label: '摩托车', color: '#eb2f96', shortcut: '4' },
    ],
  },
  {
    name: '情感极性',
    description: '文本情感分类的三种极性',
    items: [
      { value: 'positive', label: '正面', color: '#52c41a', shortcut: null },
      { value: 'neutral', label: '中性', color: '#8c8c8c', shortcut: null },
      { value: 'negative', label: '负面', color: '#f5222d', shortcut: null },
    ],
  },
];

/** Inserts the demo dictionaries of `siteId` (run in the empty-database seed transaction). */
export async function seedLabelDicts(db: Executor, siteId: number): Promise<void> {
  for (const dict of DEMO_LABEL_DICTS) {
    const [created] = await db
      .insert(labelDicts)
      .values({ siteId, name: dict.name, description: dict.description })
      .returning({ id: labelDicts.id });
    await db
      .insert(labelDictItems)
      .values(dict.items.map((item, sort) => ({ ...item, siteId, dictId: created!.id, sort, enabled: true })));
  }
}
