import type { TPracticePoolInput } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, List, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api.ts';
import { TypeTag } from '../question-bank/index.ts';
import { poolPreviewQuery } from './queries.ts';

/** The pool's sources, settled for a moment before they are asked about. */
function useSettled<T>(value: T, ms = 400): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised value is the dependency
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settled;
}

/**
 * How many passed questions practice can grade the chosen categories, nodes and questions yield (essays and short
 * answers marked by hand stay out), with the first of them and their types.
 */
export function PoolPreview({ pool, perSession }: { pool: Required<TPracticePoolInput>; perSession?: number }) {
  const { t } = useTranslation('practice-sets');
  const settled = useSettled(pool);
  const empty = settled.category_ids.length + settled.node_ids.length + settled.question_ids.length === 0;
  const preview = useQuery({
    ...poolPreviewQuery(settled),
    enabled: !empty,
    placeholderData: keepPreviousData,
  });
  if (empty) return <Alert type="info" showIcon message={t('pool_empty_sources')} data-testid="practice-pool-count" />;
  if (preview.isError) return <Alert type="error" showIcon message={errorMessage(preview.error)} />;
  if (!preview.data) return <Spin size="small" />;
  const { count, questions } = preview.data;
  return (
    <div data-testid="practice-pool-preview">
      <Alert
        type={count === 0 ? 'warning' : perSession && count < perSession ? 'info' : 'success'}
        showIcon
        message={
          <span data-testid="practice-pool-count">
            {count === 0 ? t('pool_none') : t('pool_count', { count })}
            {count > 0 && perSession && count < perSession ? ` ${t('pool_below_per_session', { perSession })}` : ''}
          </span>
        }
        description={t('pool_auto_graded')}
        style={{ marginBottom: 8 }}
      />
      {questions.length > 0 && (
        <List
          size="small"
          bordered
          header={<Typography.Text type="secondary">{t('pool_first', { count: questions.length })}</Typography.Text>}
          dataSource={questions}
          renderItem={(question) => (
            <List.Item>
              <Typography.Text ellipsis style={{ maxWidth: '100%' }}>
                <TypeTag type={question.type} />#{question.id} [{question.category_name}] {question.stem_text}
              </Typography.Text>
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
