import type { schema } from '@app/db';

type QuestionType = (typeof schema.questions.$inferInsert)['type'];
type Difficulty = NonNullable<(typeof schema.questions.$inferInsert)['difficulty']>;

export interface DemoQuestion {
  category: string;
  type: QuestionType;
  stem: string;
  /** Options; a leading `*` marks a correct one. */
  options: string[];
  analysis: string;
  difficulty: Difficulty;
  /** Knowledge node codes. */
  nodes: string[];
  status?: 'passed' | 'unreviewed';
}

/** Categories of the demo bank: [name, parent name or null]. */
export const DEMO_CATEGORIES: readonly [string, string | null][] = [
  ['数据标注基础', null],
  ['图像标注', '数据标注基础'],
  ['文本标注', '数据标注基础'],
  ['质量与安全', null],
];

/** The demo knowledge map's nodes: [code, name, parent code or null, importance]. */
export const DEMO_NODES: readonly [string, string, string | null, number][] = [
  ['K1', '标注基础', null, 5],
  ['K1.1', '矩形框规范', 'K1', 5],
  ['K1.2', '多边形与分割', 'K1', 4],
  ['K1.3', '关键点与骨架', 'K1', 3],
  ['K2', '文本标注', null, 4],
  ['K2.1', '命名实体', 'K2', 4],
  ['K3', '质量控制', null, 5],
  ['K3.1', '审核与驳回', 'K3', 4],
  ['K3.2', '数据安全', 'K3', 5],
];

export const DEMO_QUESTIONS: readonly DemoQuestion[] = [
  {
    category: '图像标注',
    type: 'single',
    stem: '矩形框标注时，框的边缘应当如何放置？',
    options: ['*紧贴目标的可见外轮廓', '留出约 10 像素的余量', '只框住目标的中心区域', '与图像边缘对齐'],
    analysis: '矩形框应紧贴目标可见部分的外轮廓，既不留空也不切掉目标。',
    difficulty: 'easy',
    nodes: ['K1.1'],
  },
  {
    category: '图像标注',
    type: 'single',
    stem: '目标被其他物体部分遮挡时，矩形框应当？',
    options: ['只框可见部分', '*按规范估计完整轮廓并标记遮挡属性', '不标注该目标', '框住遮挡物'],
    analysis: '多数规范要求估计被遮挡目标的完整范围，并用属性记录遮挡程度。',
    difficulty: 'medium',
    nodes: ['K1.1'],
  },
  {
    category: '图像标注',
    type: 'multiple',
    stem: '以下哪些情况需要使用多边形而不是矩形框？',
    options: ['*道路可行驶区域', '*不规则形状的建筑物轮廓', '规则摆放的快递箱', '*语义分割任务中的植被'],
    analysis: '形状不规则或需要像素级区域的目标适合多边形；规则的箱体用矩形框即可。',
    difficulty: 'medium',
    nodes: ['K1.2'],
  },
  {
    category: '图像标注',
    type: 'judge',
    stem: '多边形标注的顶点越多越好。',
    options: ['正确', '*错误'],
    analysis: '顶点数量应以贴合轮廓为准，过多的顶点会降低效率且不提高质量。',
    difficulty: 'easy',
    nodes: ['K1.2'],
  },
  {
    category: '图像标注',
    type: 'single',
    stem: '人体关键点标注中，被完全遮挡的关键点应当？',
    options: ['删除该点', '*按估计位置标注并设为“遮挡”', '标在图像左上角', '与相邻关键点重合'],
    analysis: '关键点有可见、遮挡、不存在三种状态，被遮挡的点按估计位置标注并设为遮挡。',
    difficulty: 'medium',
    nodes: ['K1.3'],
  },
  {
    category: '图像标注',
    type: 'judge',
    stem: '骨架标注时关键点必须按模板规定的顺序标注。',
    options: ['*正确', '错误'],
    analysis: '有序关键点的顺序决定了骨架连线，顺序错误会导致连线错误。',
    difficulty: 'easy',
    nodes: ['K1.3'],
  },
  {
    category: '文本标注',
    type: 'single',
    stem: '“张三在北京大学读书”中，“北京大学”应标为哪类实体？',
    options: ['人名', '地名', '*机构名', '时间'],
    analysis: '“北京大学”是组织机构，应标为机构名（ORG）。',
    difficulty: 'easy',
    nodes: ['K2.1'],
  },
  {
    category: '文本标注',
    type: 'multiple',
    stem: '命名实体标注中，以下哪些做法是正确的？',
    options: [
      '*实体边界不包含前后的标点',
      '*嵌套实体按规范只标最外层或分别标注',
      '把整句话标为一个实体',
      '*同一实体在全文中保持一致的类别',
    ],
    analysis: '实体边界要准确，类别要一致；整句标注不是实体标注。',
    difficulty: 'hard',
    nodes: ['K2.1'],
  },
  {
    category: '文本标注',
    type: 'judge',
    stem: '情感分类任务中，反讽句子应按字面意思标注情感。',
    options: ['正确', '*错误'],
    analysis: '反讽句应按说话人的真实意图标注，通常与字面情感相反。',
    difficulty: 'medium',
    nodes: ['K2'],
  },
  {
    category: '质量与安全',
    type: 'single',
    stem: '审核员驳回一条标注时，必须提供什么？',
    options: ['标注员的工号', '*驳回原因', '新的标注结果', '项目负责人签字'],
    analysis: '驳回、重置时原因不能为空，标注员据此返工。',
    difficulty: 'easy',
    nodes: ['K3.1'],
  },
  {
    category: '质量与安全',
    type: 'single',
    stem: '准确率的计算方式是？',
    options: ['*通过数 /（通过数 + 驳回数 + 重置数）', '通过数 / 提交数', '提交数 / 领取数', '驳回数 / 通过数'],
    analysis: '平台按 通过 /（通过 + 驳回 + 重置）计算准确率。',
    difficulty: 'medium',
    nodes: ['K3.1'],
  },
  {
    category: '质量与安全',
    type: 'multiple',
    stem: '处理含有个人信息的数据时，应当？',
    options: ['*只在平台内查看和标注', '*不截图、不外传', '下载到个人电脑备份', '*发现未脱敏的数据及时上报'],
    analysis: '个人信息数据只能在平台内处理，不得外传或私自保存。',
    difficulty: 'medium',
    nodes: ['K3.2'],
  },
  {
    category: '质量与安全',
    type: 'judge',
    stem: '领取的作业超过时限未提交，会自动回到作业池。',
    options: ['*正确', '错误'],
    analysis: '租约到期后服务器会把作业放回作业池并记录过期。',
    difficulty: 'easy',
    nodes: ['K3'],
  },
  {
    category: '图像标注',
    type: 'single',
    stem: '旋转矩形框适合标注哪类目标？',
    options: ['*遥感图像中方向各异的车辆和船只', '正面人脸', '整张图片的场景类别', '文本段落'],
    analysis: '遥感图像中的目标方向任意，旋转框能更紧地贴合目标。',
    difficulty: 'hard',
    nodes: ['K1.1'],
    status: 'unreviewed',
  },
  {
    category: '文本标注',
    type: 'single',
    stem: '文本分类任务中一条样本同时符合两个类别时，应当？',
    options: ['随便选一个', '*按任务规范选择优先类别或使用多标签', '跳过该样本', '标为“其他”'],
    analysis: '应遵循任务规范：单标签任务按优先级选择，多标签任务可选多个。',
    difficulty: 'medium',
    nodes: ['K2'],
    status: 'unreviewed',
  },
];
