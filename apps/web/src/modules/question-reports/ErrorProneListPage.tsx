import type { TErrorProneRow } from '@app/contracts';
import { ERROR_PRONE_DEFAULTS } from '@app/contracts/question-report-rules.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, InputNumber, Progress, Space, Table, TreeSelect, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { SearchInput } from '../../shared/ListToolbar.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { categoryOptions, categoryTreeQuery, ReviewTag, TypeTag } from '../question-bank/index.ts';
import { errorProneQuery, questionDetailLink, questionEditLink } from './queries.ts';

/** A rate from the address (`?min_rate=0.5`), when it is one. */
function rateParam(value: string | null): number | undefined {
  const rate = value === null ? Number.NaN : Number(value);
  return Number.isFinite(rate) && rate >= 0 && rate <= 1 ? rate : undefined;
}

/**
 * `/dataset/errorpronelist`: questions learners get wrong most, among those answered at least N times; filters by
 * category (with its sub-categories), least wrong rate (the home's link sets it) and stem keyword.
 */
export function ErrorProneListPage() {
  const { t } = useTranslation(['question-reports', 'common']);
  const [params] = useSearchParams();
  const [categoryId, setCategoryId] = useState<number>();
  const [minAnswers, setMinAnswers] = useState<number>(ERROR_PRONE_DEFAULTS.minAnswers);
  const [minRatePercent, setMinRatePercent] = useState<number | undefined>(() => {
    const rate = rateParam(params.get('min_rate'));
    return rate === undefined ? undefined : Math.round(rate * 100);
  });
  const { filter: search, refilter, paging, setPaging, firstPage } = useListFilter<{ keyword?: string }>();
  const tree = useQuery(categoryTreeQuery(false));

  const filter = {
    category_id: categoryId,
    min_answers: minAnswers,
    min_rate: minRatePercent === undefined ? undefined : minRatePercent / 100,
    keyword: search.keyword,
  };
  const list = useQuery({
    ...errorProneQuery(filter, paging),
    placeholderData: keepPreviousData,
  });

  if (list.isError && !list.data) return <LoadFailed error={list.error} onRetry={() => list.refetch()} />;

  return (
    <Card title={t('error_prone_title')}>
      <Space wrap style={{ marginBottom: 16 }}>
        <TreeSelect<number>
          allowClear
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll
          placeholder={t('filter_category')}
          aria-label={t('filter_category')}
          treeData={categoryOptions(tree.data?.list ?? [])}
          value={categoryId}
          onChange={(value) => {
            setCategoryId(value ?? undefined);
            firstPage();
          }}
          style={{ width: 220 }}
          data-testid="error-prone-category"
        />
        <Space.Compact>
          <Typography.Text style={{ padding: '4px 8px' }}>{t('min_answers')}</Typography.Text>
          <InputNumber<number>
            min={1}
            max={1_000_000}
            precision={0}
            value={minAnswers}
            onChange={(value) => {
              setMinAnswers(value ?? ERROR_PRONE_DEFAULTS.minAnswers);
              firstPage();
            }}
            style={{ width: 90 }}
            aria-label={t('min_answers')}
            data-testid="error-prone-min-answers"
          />
        </Space.Compact>
        <Space.Compact>
          <Typography.Text style={{ padding: '4px 8px' }}>{t('min_rate')}</Typography.Text>
          <InputNumber<number>
            min={0}
            max={100}
            precision={0}
            suffix="%"
            placeholder={t('any')}
            aria-label={t('any')}
            value={minRatePercent}
            onChange={(value) => {
              setMinRatePercent(value ?? undefined);
              firstPage();
            }}
            style={{ width: 100 }}
            data-testid="error-prone-min-rate"
          />
        </Space.Compact>
        <SearchInput
          placeholder={t('filter_keyword')}
          width={240}
          onSearch={(keyword) => refilter({ keyword })}
          testId="error-prone-keyword"
        />
      </Space>
      <Table<TErrorProneRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        locale={{ emptyText: list.isLoading ? t('common:loading') : t('empty_error_prone', { min: minAnswers }) }}
        pagination={serverPagination(t, paging, list.data?.total, setPaging)}
        scroll={{ x: 900 }}
        data-testid="error-prone-table"
        columns={[
          {
            title: t('rank'),
            width: 64,
            render: (_: unknown, __, index) => (paging.page - 1) * paging.pageSize + index + 1,
          },
          {
            title: t('question'),
            dataIndex: 'stem_text',
            render: (value: string, row) => (
              <Space size={4}>
                <TypeTag type={row.type} />
                <Link to={questionDetailLink(row.id)}>
                  <Typography.Text ellipsis={{ tooltip: value }} style={{ maxWidth: 320 }}>
                    {value}
                  </Typography.Text>
                </Link>
              </Space>
            ),
          },
          { title: t('category'), dataIndex: 'category_name', width: 140, ellipsis: true },
          {
            title: t('wrong_rate'),
            dataIndex: 'wrong_rate',
            width: 170,
            render: (value: number) => (
              <Progress
                aria-label={t('wrong_rate')}
                percent={Math.round(value * 1000) / 10}
                size="small"
                status={value >= 0.5 ? 'exception' : 'normal'}
                format={(percent) => `${percent}%`}
              />
            ),
          },
          {
            title: t('answers_column'),
            width: 150,
            render: (_: unknown, row) => t('answers_wrong', { answers: row.answer_count, wrong: row.wrong_count }),
          },
          {
            title: t('review_status'),
            dataIndex: 'review_status',
            width: 100,
            render: (value: TErrorProneRow['review_status']) => <ReviewTag status={value} />,
          },
          {
            title: t('common:actions'),
            width: 110,
            render: (_: unknown, row) => <Link to={questionEditLink(row.id)}>{t('edit_question')}</Link>,
          },
        ]}
      />
    </Card>
  );
}
