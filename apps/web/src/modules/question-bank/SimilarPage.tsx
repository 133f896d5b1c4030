import type { TSimilarPair, TSimilarQuestion } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Progress, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { type Paging, serverPagination } from '../../shared/list-paging.ts';
import { similarPairsQuery } from './queries.ts';
import { ReviewTag } from './question-format.tsx';
import { MANAGER_ROUTES } from './question-routes.ts';
import { ThresholdSlider } from './SimilarQuestions.tsx';
import './question-bank.css';

function QuestionCell({ question }: { question: TSimilarQuestion }) {
  return (
    <Space orientation="vertical" size={0}>
      <Link to={MANAGER_ROUTES.detail(question.id)}>
        #{question.id} {question.stem_text}
      </Link>
      <Space size="small">
        <Typography.Text type="secondary">{question.category_name}</Typography.Text>
        <ReviewTag status={question.review_status} />
      </Space>
    </Space>
  );
}

/** `/dataset/similar`: pairs of near-duplicate questions in the bank at or above the chosen stem similarity. */
export function SimilarPage() {
  const { t } = useTranslation(['question-bank', 'common']);
  const [threshold, setThreshold] = useState(0.6);
  const [paging, setPaging] = useState<Paging>({ page: 1, pageSize: 10 });
  const pairs = useQuery({
    ...similarPairsQuery(threshold, paging),
    placeholderData: keepPreviousData,
  });
  if (pairs.isError && !pairs.data) return <LoadFailed error={pairs.error} onRetry={() => pairs.refetch()} />;
  return (
    <Card>
      <div className="qb-toolbar">
        <ThresholdSlider
          value={threshold}
          onChange={(value) => {
            setThreshold(value);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
      </div>
      <Table<TSimilarPair>
        rowKey={(pair) => `${pair.a.id}-${pair.b.id}`}
        loading={pairs.isFetching}
        dataSource={pairs.data?.list}
        locale={{ emptyText: pairs.isLoading ? t('common:loading') : t('similar_empty') }}
        pagination={serverPagination(t, paging, pairs.data?.total, setPaging)}
        data-testid="qb-similar-pairs"
        columns={[
          { title: t('question_a'), render: (_: unknown, pair) => <QuestionCell question={pair.a} /> },
          { title: t('question_b'), render: (_: unknown, pair) => <QuestionCell question={pair.b} /> },
          {
            title: t('similarity_column'),
            dataIndex: 'similarity',
            width: 160,
            render: (v: number) => (
              <Progress
                percent={Math.round(v * 100)}
                size="small"
                status="normal"
                aria-label={t('similarity_column')}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}
