import type { TFilePayload } from '@app/contracts';
import type { Lang } from '@app/i18n';
import { writeTable } from './formats/table.ts';
import type { TransferQuestion } from './formats/types.ts';
import { judgeLabels } from './import-questions.service.ts';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** One example question of each type, in the caller's language. */
function examples(lang: Lang): TransferQuestion[] {
  const [yes, no] = judgeLabels(lang);
  const zh = lang === 'zh-CN';
  const option = (content: string, correct = false) => ({ content, correct });
  return [
    {
      type: 'single',
      stem: zh ? '标注车辆时应使用哪种工具？' : 'Which tool should be used to label cars?',
      options: [
        option(zh ? '矩形框' : 'Bounding box', true),
        option(zh ? '折线' : 'Polyline'),
        option(zh ? '文本' : 'Text'),
      ],
      analysis: zh ? '车辆通常用矩形框标注。' : 'Cars are usually labelled with bounding boxes.',
      difficulty: 'easy',
      source: zh ? '标注规范' : 'Labelling guide',
      setter: zh ? '张老师' : 'Ms Zhang',
    },
    {
      type: 'multiple',
      stem: zh ? '以下哪些属于图像标注类型？' : 'Which of these are image annotation types?',
      options: [
        option(zh ? '关键点' : 'Key points', true),
        option(zh ? '多边形' : 'Polygon', true),
        option(zh ? '音频转写' : 'Audio transcription'),
      ],
      analysis: '',
      difficulty: 'medium',
    },
    {
      type: 'judge',
      stem: zh ? '多边形的顶点越多越好。' : 'A polygon with more vertices is always better.',
      options: [option(yes), option(no, true)],
      analysis: zh ? '顶点应贴合轮廓即可。' : 'Vertices only need to follow the outline.',
      difficulty: 'hard',
    },
  ];
}

/** `/dataset-data/import-template`: the header row in the caller's language and an example of each type. */
export async function importTemplate(lang: Lang): Promise<TFilePayload> {
  const written = await writeTable(examples(lang), lang);
  return {
    file_name: 'question-import-template.xlsx',
    mime: XLSX_MIME,
    content_base64: written.content.toString('base64'),
  };
}
