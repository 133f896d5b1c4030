import type { TQuestionRow } from '@app/contracts';
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';

const STATUS_COLOR = { unreviewed: undefined, passed: 'success', failed: 'error' } as const;

/** Question columns shared by the node questions tab, the link modal and the label detail. */
export type QuestionLine = Pick<TQuestionRow, 'id' | 'stem_text' | 'category_name'> & {
  type: string;
  review_status: string;
};

export function questionColumns<T extends QuestionLine>(t: TFunction): ColumnsType<T> {
  return [
    { title: 'ID', dataIndex: 'id', width: 80 },
    {
      title: t('knowledge-maps:question_stem'),
      dataIndex: 'stem_text',
      ellipsis: true,
      render: (v: string) => <Typography.Text>{v}</Typography.Text>,
    },
    {
      title: t('knowledge-maps:question_type'),
      dataIndex: 'type',
      width: 100,
      render: (v: string) => t(`knowledge-maps:type_${v}`),
    },
    { title: t('knowledge-maps:category'), dataIndex: 'category_name', width: 140, ellipsis: true },
    {
      title: t('knowledge-maps:review_status'),
      dataIndex: 'review_status',
      width: 100,
      render: (v: string) => (
        <Tag color={STATUS_COLOR[v as keyof typeof STATUS_COLOR]}>{t(`knowledge-maps:status_${v}`)}</Tag>
      ),
    },
  ];
}
