import type { TSimilarPair } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Slider, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { type Paging, serverPagination } from '../../shared/list-paging.ts';
import { similarQuestionsQuery } from './queries.ts';
import { ReviewTag } from './question-format.tsx';
import { useQuestionRoutes } from './question-routes.ts';

/** The threshold slider of the near-duplicate lists (stem similarity, 30-100 %). */
export function ThresholdSlider({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const { t } = useTranslation('question-bank');
  const [moving, setMoving] = useState(value);
  return (
    <Space>
      <Typography.Text>{t('similar_threshold')}</Typography.Text>
      <Slider
        min={0.3}
        max={1}
        step={0.05}
        value={moving}
        onChange={setMoving}
        onChangeComplete={onChange}
        tooltip={{ formatter: (v) => `${Math.round((v ?? 0) * 100)}%` }}
        style={{ width: 220 }}
        ariaLabelForHandle={t('similar_threshold')}
        data-testid="qb-similar-threshold"
      />
      <Typography.Text strong>{Math.round(moving * 100)}%</Typography.Text>
    </Space>
  );
}

/** The questions whose stems are like the one of `id` (the other question of each pair). */
export function SimilarQuestions({ id }: { id: number }) {
  const { t } = useTranslation(['question-bank', 'common']);
  const routes = useQuestionRoutes();
  const [threshold, setThreshold] = useState(0.6);
  const [paging, setPaging] = useState<Paging>({ page: 1, pageSize: 10 });
  const similar = useQuery({
    ...similarQuestionsQuery(id, threshold, paging),
    placeholderData: keepPreviousData,
  });
  if (similar.isError && !similar.data) return <LoadFailed error={similar.error} onRetry={() => similar.refetch()} />;
  const other = (pair: TSimilarPair) => (pair.a.id === id ? pair.b : pair.a);
  return (
    <>
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
        loading={similar.isFetching}
        dataSource={similar.data?.list}
        locale={{ emptyText: similar.isLoading ? t('common:loading') : t('similar_empty') }}
        pagination={serverPagination(t, paging, similar.data?.total, setPaging)}
        data-testid="qb-similar-of"
        columns={[
          {
            title: t('stem'),
            ellipsis: true,
            render: (_: unknown, pair) => {
              const q = other(pair);
              return (
                <Link to={routes.detail(q.id)}>
                  #{q.id} {q.stem_text}
                </Link>
              );
            },
          },
          { title: t('category'), width: 140, render: (_: unknown, pair) => other(pair).category_name },
          {
            title: t('review_status'),
            width: 100,
            render: (_: unknown, pair) => <ReviewTag status={other(pair).review_status} />,
          },
          {
            title: t('similarity_column'),
            dataIndex: 'similarity',
            width: 100,
            render: (v: number) => `${Math.round(v * 100)}%`,
          },
        ]}
      />
    </>
  );
}
