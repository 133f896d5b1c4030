import type { Executor } from '../client.ts';
import { annotationCategories, annotationTemplates } from '../schema/index.ts';

/**
 * The demo annotation catalogue: one category per kind of work, each with Chinese and English starting
 * templates and one common template (Chinese), all valid under the template rules of packages/contracts
 * (docs/annotation-templates.md; a server test checks them).
 */
type Lang = 'zh' | 'en';
type Component = Record<string, unknown>;
const t = (lang: Lang, zh: string, en: string) => (lang === 'zh' ? zh : en);
const doc = (components: Component[]) => ({ version: 1, components });

const COLORS = ['#f5222d', '#1677ff', '#52c41a', '#fa8c16', '#722ed1', '#13c2c2', '#eb2f96', '#a0d911'];
/** Labels with colours and the shortcuts 1, 2, 3... */
const labels = (names: string[]) =>
  names.map((name, i) => ({ name, color: COLORS[i % COLORS.length], shortcut: String(i + 1) }));
const options = (pairs: [string, string][]) => pairs.map(([value, label]) => ({ value, label }));

const vehicleTags = (lang: Lang) => ({
  id: 'classes',
  type: 'tags',
  label: t(lang, '类别', 'Classes'),
  labels: labels(
    lang === 'zh' ? ['汽车', '行人', '自行车', '交通灯'] : ['car', 'pedestrian', 'bicycle', 'traffic light'],
  ),
});

/** COCO's 17 body key points in order, and the skeleton between them (0-based). */
const BODY_POINTS: [string, string][] = [
  ['鼻子', 'nose'],
  ['左眼', 'left eye'],
  ['右眼', 'right eye'],
  ['左耳', 'left ear'],
  ['右耳', 'right ear'],
  ['左肩', 'left shoulder'],
  ['右肩', 'right shoulder'],
  ['左肘', 'left elbow'],
  ['右肘', 'right elbow'],
  ['左腕', 'left wrist'],
  ['右腕', 'right wrist'],
  ['左髋', 'left hip'],
  ['右髋', 'right hip'],
  ['左膝', 'left knee'],
  ['右膝', 'right knee'],
  ['左踝', 'left ankle'],
  ['右踝', 'right ankle'],
];
// biome-ignore format: pairs read better on few lines
const BODY_EDGES = [
  [15, 13], [13, 11], [16, 14], [14, 12], [11, 12], [5, 11], [6, 12], [5, 6], [5, 7],
  [6, 8], [7, 9], [8, 10], [1, 2], [0, 1], [0, 2], [1, 3], [2, 4], [3, 5], [4, 6],
];

interface CatalogueEntry {
  name: string;
  nameEn: string;
  taskType: (typeof annotationCategories.$inferInsert)['taskType'];
  drawType: string;
  keyword: string;
  dataField: string;
  templateField: string;
  template: (lang: Lang) => ReturnType<typeof doc>;
  templateName: string;
}

export const ANNOTATION_CATALOGUE: readonly CatalogueEntry[] = [
  {
    name: '图像拉框',
    nameEn: 'Image boxes',
    taskType: 'image',
    drawType: 'rect',
    keyword: '目标检测 detection bbox',
    dataField: 'image_url',
    templateField: 'img',
    templateName: '图像拉框（通用）',
    template: (lang) =>
      doc([
        { id: 'img', type: 'image', title: t(lang, '待标注图片', 'Image') },
        vehicleTags(lang),
        { id: 'box', type: 'rect', label: t(lang, '矩形框', 'Box'), shortcut: 'r', labels_from: 'classes' },
      ]),
  },
  {
    name: '图像多边形',
    nameEn: 'Image polygons',
    taskType: 'image',
    drawType: 'polygon',
    keyword: '分割 segmentation polygon',
    dataField: 'image_url',
    templateField: 'img',
    templateName: '图像多边形（通用）',
    template: (lang) =>
      doc([
        { id: 'img', type: 'image', title: t(lang, '待标注图片', 'Image') },
        {
          id: 'classes',
          type: 'tags',
          label: t(lang, '区域类别', 'Regions'),
          labels: labels(lang === 'zh' ? ['道路', '建筑', '植被', '天空'] : ['road', 'building', 'vegetation', 'sky']),
        },
        { id: 'poly', type: 'polygon', label: t(lang, '多边形', 'Polygon'), shortcut: 'p', labels_from: 'classes' },
      ]),
  },
  {
    name: '关键点',
    nameEn: 'Key points',
    taskType: 'image',
    drawType: 'keypoints',
    keyword: '人体姿态 pose keypoint',
    dataField: 'image_url',
    templateField: 'img',
    templateName: '人体 17 点姿态（通用）',
    template: (lang) =>
      doc([
        { id: 'img', type: 'image', title: t(lang, '待标注图片', 'Image') },
        {
          id: 'pose',
          type: 'keypoints',
          label: t(lang, '人体关键点', 'Body key points'),
          shortcut: 'k',
          points: BODY_POINTS.map(([zh, en], i) => ({ name: t(lang, zh, en), color: COLORS[i % COLORS.length] })),
          edges: BODY_EDGES,
        },
        {
          id: 'occluded',
          type: 'checkbox',
          name: 'occluded',
          label: t(lang, '遮挡情况', 'Occlusion'),
          options: options([
            ['partly', t(lang, '部分遮挡', 'Partly occluded')],
            ['truncated', t(lang, '被截断', 'Truncated')],
          ]),
        },
      ]),
  },
  {
    name: '文本实体',
    nameEn: 'Text entities',
    taskType: 'text',
    drawType: 'text_entity',
    keyword: '命名实体 NER entity',
    dataField: 'text',
    templateField: 'text',
    templateName: '命名实体识别（通用）',
    template: (lang) =>
      doc([
        { id: 'text', type: 'text', title: t(lang, '待标注文本', 'Text') },
        {
          id: 'entities',
          type: 'tags',
          label: t(lang, '实体类型', 'Entity types'),
          labels: labels(
            lang === 'zh' ? ['人名', '地名', '机构', '时间'] : ['person', 'place', 'organisation', 'time'],
          ),
        },
        { id: 'span', type: 'text_entity', label: t(lang, '实体', 'Entity'), shortcut: 'e', labels_from: 'entities' },
      ]),
  },
  {
    name: '文本分类',
    nameEn: 'Text classification',
    taskType: 'text',
    drawType: 'none',
    keyword: '情感 分类 classification sentiment',
    dataField: 'text',
    templateField: 'text',
    templateName: '情感分类（通用）',
    template: (lang) =>
      doc([
        { id: 'text', type: 'text', title: t(lang, '待分类文本', 'Text') },
        {
          id: 'sentiment',
          type: 'tag_group',
          name: 'sentiment',
          label: t(lang, '情感倾向', 'Sentiment'),
          required: true,
          asterisk: true,
          labels: labels(lang === 'zh' ? ['正面', '中性', '负面'] : ['positive', 'neutral', 'negative']),
        },
        { id: 'note', type: 'textarea', name: 'note', label: t(lang, '备注', 'Note'), max_length: 500 },
      ]),
  },
  {
    name: '音频分段转写',
    nameEn: 'Audio segments',
    taskType: 'audio',
    drawType: 'audio_segment',
    keyword: '语音 转写 ASR transcript',
    dataField: 'audio_url',
    templateField: 'audio',
    templateName: '语音分段转写（通用）',
    template: (lang) =>
      doc([
        { id: 'audio', type: 'audio', title: t(lang, '待转写音频', 'Audio'), must_play_through: true },
        {
          id: 'speakers',
          type: 'tags',
          label: t(lang, '说话人', 'Speakers'),
          labels: labels(lang === 'zh' ? ['客服', '客户', '噪声'] : ['agent', 'customer', 'noise']),
        },
        {
          id: 'segment',
          type: 'audio_segment',
          label: t(lang, '分段', 'Segment'),
          shortcut: 's',
          labels_from: 'speakers',
          transcript: true,
        },
      ]),
  },
  {
    name: '视频跟踪',
    nameEn: 'Video tracks',
    taskType: 'video',
    drawType: 'video_track',
    keyword: '目标跟踪 tracking',
    dataField: 'video_url',
    templateField: 'video',
    templateName: '视频目标跟踪（通用）',
    template: (lang) =>
      doc([
        { id: 'video', type: 'video', title: t(lang, '待标注视频', 'Video'), fps: 10, must_play_through: true },
        vehicleTags(lang),
        { id: 'track', type: 'video_track', label: t(lang, '跟踪框', 'Track'), shortcut: 't', labels_from: 'classes' },
      ]),
  },
  {
    name: '点云立体框',
    nameEn: 'Point cloud cuboids',
    taskType: 'point_cloud',
    drawType: 'cuboid',
    keyword: '激光雷达 3D lidar cuboid',
    dataField: 'pcd_url',
    templateField: 'cloud',
    templateName: '点云 3D 框（通用）',
    template: (lang) =>
      doc([
        { id: 'cloud', type: 'point_cloud', title: t(lang, '点云', 'Point cloud') },
        vehicleTags(lang),
        { id: 'cuboid', type: 'cuboid', label: t(lang, '立体框', 'Cuboid'), shortcut: 'c', labels_from: 'classes' },
      ]),
  },
  {
    name: '表单',
    nameEn: 'Form only',
    taskType: 'form',
    drawType: 'none',
    keyword: '表单 问卷 form survey',
    dataField: 'title',
    templateField: 'title',
    templateName: '商品信息核对（通用）',
    template: (lang) =>
      doc([
        { id: 'record', type: 'text', field: 'text', title: t(lang, '记录', 'Record') },
        {
          id: 'row',
          type: 'layout',
          direction: 'row',
          children: [
            {
              id: 'category',
              type: 'select',
              name: 'category',
              label: t(lang, '商品类目', 'Category'),
              required: true,
              options: options([
                ['electronics', t(lang, '数码', 'Electronics')],
                ['home', t(lang, '家居', 'Home')],
                ['office', t(lang, '办公', 'Office')],
              ]),
            },
            {
              id: 'correct',
              type: 'radio',
              name: 'price_correct',
              label: t(lang, '价格是否正确', 'Price correct'),
              required: true,
              options: options([
                ['yes', t(lang, '是', 'Yes')],
                ['no', t(lang, '否', 'No')],
              ]),
            },
          ],
        },
        { id: 'title', type: 'input', name: 'title', label: t(lang, '规范名称', 'Proper title'), max_length: 60 },
        { id: 'photo', type: 'upload', name: 'photo', label: t(lang, '商品照片', 'Photo'), accept: ['jpg', 'png'] },
        {
          id: 'guide',
          type: 'external_link',
          label: t(lang, '核对规范', 'Checking guide'),
          url: 'https://example.com/guide',
        },
      ]),
  },
];

/** Seeds the catalogue (in the caller's transaction, on an empty database). */
export async function seedAnnotationCatalogue(db: Executor): Promise<void> {
  const categories = await db
    .insert(annotationCategories)
    .values(
      ANNOTATION_CATALOGUE.map((entry, index) => ({
        name: entry.name,
        nameEn: entry.nameEn,
        taskType: entry.taskType,
        drawType: entry.drawType,
        keyword: entry.keyword,
        dataField: entry.dataField,
        templateField: entry.templateField,
        templateZh: entry.template('zh'),
        templateEn: entry.template('en'),
        sort: (index + 1) * 10,
      })),
    )
    .returning({ id: annotationCategories.id, name: annotationCategories.name });
  await db.insert(annotationTemplates).values(
    ANNOTATION_CATALOGUE.map((entry) => ({
      siteId: null,
      categoryId: categories.find((c) => c.name === entry.name)!.id,
      name: entry.templateName,
      content: entry.template('zh'),
    })),
  );
}
