import type { TransferQuestion } from './types.ts';

/** Questions of every type, with characters every format has to escape. */
export const SAMPLE_QUESTIONS: TransferQuestion[] = [
  {
    type: 'single',
    stem: 'Which box tool fits {a = b} best? Use a:b ~ #1',
    options: [
      { content: 'Rectangle', correct: false },
      { content: 'Polygon &amp; points', correct: true },
      { content: 'Line', correct: false },
    ],
    analysis: 'Polygons follow the outline.',
  },
  {
    type: 'multiple',
    stem: '下列哪些属于标注工具？',
    options: [
      { content: '矩形框', correct: true },
      { content: '多边形', correct: true },
      { content: '文本编辑器', correct: false },
    ],
    analysis: '矩形框和多边形都是标注工具。',
  },
  {
    type: 'judge',
    stem: '多边形标注的顶点越多越好。',
    options: [
      { content: '正确', correct: false },
      { content: '错误', correct: true },
    ],
    analysis: '顶点数量应以贴合轮廓为准。',
  },
];

/** Only what a format keeps: type, stem, options with answers, analysis. */
export const content = (q: TransferQuestion | undefined) =>
  q && { type: q.type, stem: q.stem, options: q.options, analysis: q.analysis };
