import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api.ts';
import { PRACTICE_SETS_KEY } from './practice-set-queries.ts';

/**
 * Picks single questions for a pool: a search over the organisation's passed questions (`/dataset-data/list` with
 * review_status passed); questions already chosen stay shown by their stem text.
 */
export function QuestionPicker({
  value,
  onChange,
  known,
}: {
  value?: number[];
  onChange?: (ids: number[]) => void;
  known: readonly { id: number; name: string }[];
}) {
  const { t } = useTranslation('practice-sets');
  const [keyword, setKeyword] = useState('');
  const search = useQuery({
    queryKey: [...PRACTICE_SETS_KEY, 'question-search', keyword],
    queryFn: ({ signal }) =>
      api('/dataset-data/list', { review_status: 'passed', keyword: keyword || undefined, pageSize: 20 }, { signal }),
  });
  const options = new Map<number, string>();
  for (const question of known) options.set(question.id, question.name);
  for (const question of search.data?.list ?? []) options.set(question.id, question.stem_text.slice(0, 100));
  return (
    <Select
      mode="multiple"
      allowClear
      showSearch
      filterOption={false}
      value={value ?? []}
      onChange={(ids) => onChange?.(ids)}
      onSearch={(text) => setKeyword(text.trim().slice(0, 100))}
      loading={search.isFetching}
      placeholder={t('questions_placeholder')}
      notFoundContent={search.isError ? t('questions_unavailable') : t('questions_none')}
      options={[...options].map(([id, text]) => ({ value: id, label: `#${id} ${text}` }))}
      data-testid="practice-set-questions"
    />
  );
}
