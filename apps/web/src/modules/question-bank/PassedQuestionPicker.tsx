import { useQuery } from '@tanstack/react-query';
import { Segmented, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passedQuestionSearchQuery, waitingQuestionsQuery } from './queries.ts';

/**
 * Picks single questions: a search over the organisation's passed questions (`/dataset-data/list` with
 * review_status passed); questions already chosen (`known`) stay shown by their text. Texts come from the
 * caller's namespace `ns` (questions_placeholder, questions_none, questions_unavailable and, with `withType`,
 * type_*). Below it, how many questions still wait for review and so cannot be chosen yet. With `autoGradedOnly`
 * only questions a machine grades are offered (practice: no essays, no short answers marked by hand). With
 * `withPrivate` a switch offers the caller's private questions instead (`/self-data/category`: their own exams and
 * interactions use them before any review).
 */
export function PassedQuestionPicker({
  value,
  onChange,
  known,
  ns,
  queryKey,
  testId,
  withType = false,
  autoGradedOnly = false,
  withPrivate = false,
}: {
  value?: number[];
  onChange?: (ids: number[]) => void;
  known: readonly { id: number; text: string }[];
  ns: string;
  queryKey: readonly unknown[];
  testId: string;
  withType?: boolean;
  autoGradedOnly?: boolean;
  withPrivate?: boolean;
}) {
  const { t } = useTranslation(ns);
  const { t: tq } = useTranslation('question-bank');
  const [keyword, setKeyword] = useState('');
  const [privateOnly, setPrivateOnly] = useState(false);
  const search = useQuery(passedQuestionSearchQuery(queryKey, keyword, autoGradedOnly, privateOnly));
  const waiting = useQuery(waitingQuestionsQuery(queryKey, autoGradedOnly));
  const options = new Map<number, string>();
  for (const q of known) options.set(q.id, q.text);
  for (const q of search.data?.list ?? []) {
    const stem = q.stem_text.slice(0, 100);
    options.set(q.id, withType ? `${tq(`type_${q.type}`)} · ${stem}` : stem);
  }
  return (
    <>
      {withPrivate && (
        <Segmented<'bank' | 'private'>
          size="small"
          value={privateOnly ? 'private' : 'bank'}
          onChange={(value) => setPrivateOnly(value === 'private')}
          options={[
            { value: 'bank', label: tq('picker_bank') },
            { value: 'private', label: tq('picker_private') },
          ]}
          style={{ marginBottom: 8 }}
          data-testid={`${testId}-source`}
        />
      )}
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
        aria-label={t('questions_placeholder')}
        notFoundContent={search.isError ? t('questions_unavailable') : t('questions_none')}
        options={[...options].map(([id, text]) => ({ value: id, label: `#${id} ${text}` }))}
        data-testid={testId}
      />
      {!privateOnly && Boolean(waiting.data?.total) && (
        <Typography.Text type="secondary" data-testid={`${testId}-waiting`}>
          {tq('questions_waiting', { count: waiting.data?.total })}
        </Typography.Text>
      )}
    </>
  );
}
