import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Result, Skeleton, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../shared/api.ts';
import { formatTime } from '../../shared/format.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { CategoryStats } from './CategoryStats.tsx';
import { QuestionTable } from './QuestionTable.tsx';
import { categoryDetailQuery } from './queries.ts';
import { ReviewTag } from './question-format.tsx';
import { idParam } from './question-routes.ts';
import './question-bank.css';

const TABS = ['questions', 'statistics'] as const;
type Tab = (typeof TABS)[number];

function BackLink() {
  const { t } = useTranslation('question-bank');
  return (
    <Link to="/dataset/category" data-testid="qb-category-back">
      <ArrowLeftOutlined /> {t('back_to_categories')}
    </Link>
  );
}

/**
 * `/dataset/category-detail/{tab?}/{id?}`: one category with its path and review; tabs for its questions (with its
 * sub-categories; the status filter shows e.g. only the passed ones) and their statistics.
 */
export function CategoryDetailPage() {
  const { t } = useTranslation(['question-bank', 'common']);
  const params = useParams();
  const id = idParam(params.id ?? (params.tab && /^\d+$/.test(params.tab) ? params.tab : undefined));
  const [tab, setTab] = useState<Tab>(TABS.find((x) => x === params.tab) ?? 'questions');
  const category = useQuery({ ...categoryDetailQuery(id ?? 0), enabled: id !== null });

  if (id === null || (category.error instanceof ApiError && category.error.code === 'not_found')) {
    return (
      <Card>
        <Result status="404" title={t('category_not_found')} extra={<BackLink />} />
      </Card>
    );
  }
  if (category.isError && !category.data) {
    return <LoadFailed error={category.error} onRetry={() => category.refetch()} />;
  }
  if (!category.data) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  const data = category.data;
  return (
    <Card
      title={
        <Space wrap>
          <BackLink />
          <span data-testid="qb-category-title">{data.path || data.name}</span>
          <ReviewTag status={data.review_status} reason={data.review_reason} />
        </Space>
      }
    >
      <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('category_description')}>{data.description || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('category_children')}>{data.child_count}</Descriptions.Item>
        <Descriptions.Item label={t('created')}>
          {data.created_by_name ?? '—'} · {formatTime(data.created_at)}
        </Descriptions.Item>
        {data.review_status === 'failed' && (
          <Descriptions.Item label={t('review_reason')}>
            <Typography.Text type="danger">{data.review_reason}</Typography.Text>
          </Descriptions.Item>
        )}
      </Descriptions>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as Tab)}
        items={[
          {
            key: 'questions',
            label: t('tab_questions'),
            children: <QuestionTable categoryId={data.id} />,
          },
          { key: 'statistics', label: t('tab_statistics'), children: <CategoryStats stats={data.stats} /> },
        ]}
      />
    </Card>
  );
}
