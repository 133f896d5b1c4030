import { EXAM_LIMITS } from '@app/contracts/procedures/exams.ts';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Radio, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { categoryOptions, categoryTreeQuery } from '../question-bank/index.ts';

/**
 * Step 1 of the wizard: name, instructions, category, and on a new exam made outside a course its kind, exam or
 * homework (docs/homework.md: homework has a due time and a late penalty instead of a duration, and reaches
 * students as a course task, not in their exam list). A course's page fixes the kind itself.
 */
export function ExamInfoStep({ kindChoice }: { kindChoice: boolean }) {
  const { t } = useTranslation(['exams', 'validation']);
  const tree = useQuery(categoryTreeQuery(true));
  return (
    <>
      {kindChoice && (
        <Form.Item name="kind" label={t('kind')} extra={t('kind_help')}>
          <Radio.Group optionType="button" buttonStyle="solid">
            <Radio.Button value="exam" data-testid="exam-kind-exam">
              {t('kind_exam')}
            </Radio.Button>
            <Radio.Button value="homework" data-testid="exam-kind-homework">
              {t('kind_homework')}
            </Radio.Button>
          </Radio.Group>
        </Form.Item>
      )}
      <Form.Item
        name="name"
        label={t('name')}
        rules={[{ required: true, whitespace: true, message: t('validation:required') }]}
      >
        <Input maxLength={EXAM_LIMITS.name} showCount data-testid="exam-name" />
      </Form.Item>
      <Form.Item name="description" label={t('description')}>
        <Input.TextArea maxLength={EXAM_LIMITS.description} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
      <Form.Item name="category_id" label={t('category')}>
        <TreeSelect
          allowClear
          showSearch
          treeNodeFilterProp="title"
          treeData={categoryOptions(tree.data?.list ?? [])}
          loading={tree.isLoading}
          placeholder={t('category_placeholder')}
          style={{ maxWidth: 360 }}
        />
      </Form.Item>
    </>
  );
}
