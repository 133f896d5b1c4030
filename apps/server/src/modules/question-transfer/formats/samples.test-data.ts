import { specOf, type TQuestionSpec, type TQuestionType } from '@app/contracts';
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

/** A question whose key is `spec`, the key with its type's defaults as a reader gives it. */
export const keyQuestion = (
  type: TQuestionType,
  stem: string,
  spec: TQuestionSpec,
  analysis = '',
): TransferQuestion => ({ type, stem, options: [], analysis, spec: specOf(type, spec) });

/** One question of each type whose key is `spec`, with what GIFT keeps (no case sensitivity, unit, limits). */
export const KEY_QUESTIONS: TransferQuestion[] = [
  keyQuestion(
    'blank',
    '<p>The capital of France is ____, {not} #1.</p>',
    { blanks: [{ accepted: ['Paris', 'paris'] }] },
    'Paris: the capital.',
  ),
  keyQuestion('short', 'Name a colour = ~ : of the sky', { accepted: ['blue', 'a*b ~#= {x}'] }),
  keyQuestion('essay', '<p>Describe <b>polygons</b>.</p>', {}, '<p>Vertices and edges.</p>'),
  keyQuestion('matching', 'Match the symbols', {
    pairs: [
      { left: 'H', right: 'hydrogen' },
      { left: '<b>O</b>', right: 'oxygen &amp; co' },
    ],
    distractors: ['helium'],
  }),
  keyQuestion('numerical', 'Pi to two places?', { value: 3.14, tolerance: 0.01 }, 'About 3.14.'),
  keyQuestion('ordering', 'Order the steps', { items: ['Draw', '<p>Check</p>', 'Submit'] }),
];

/** The same types with what only Moodle XML keeps: case sensitivity, several blanks, unit, word limit, files. */
export const MOODLE_KEY_QUESTIONS: TransferQuestion[] = [
  ...KEY_QUESTIONS,
  keyQuestion('blank', '<p>____ is the capital of ____.</p>', {
    blanks: [{ accepted: ['Paris'] }, { accepted: ['France', 'AT&T <x> }#~ a*b'] }],
    case_sensitive: true,
  }),
  keyQuestion('short', '<p>Case matters</p>', { accepted: ['NaCl'], case_sensitive: true }),
  keyQuestion('numerical', 'Length?', { value: -2.5, tolerance: 0.5, unit: 'cm' }),
  keyQuestion('essay', 'Upload your drawing', { word_limit: 300, file_answers: true }, 'Any size.'),
];
