import type { TStudentExperimentRow } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Pagination, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatTime } from '../../shared/format.ts';
import { ListToolbar, SearchInput } from '../../shared/ListToolbar.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { studentExperimentsQuery } from './queries.ts';
import { formatScore, scoreLevel } from './result-format.ts';

const CARD_COLUMNS = { xs: 24, sm: 12, lg: 8, xxl: 6 };
const SCORE_COLOR = { full: 'green', partial: 'gold', zero: 'red' } as const;

/** `/trainingcamp/experiment-code/{tab?}`: the organisation's published code experiments with my best score. */
export function StudentExperimentsPage() {
  const { t } = useTranslation(['experiments', 'common']);
  const navigate = useNavigate();
  const { filter, refilter, paging, setPaging } = useListFilter<{ keyword?: string }>({}, 20);
  const list = useQuery({ ...studentExperimentsQuery(filter.keyword, paging), placeholderData: keepPreviousData });

  if (list.isError && !list.data) return <LoadFailed error={list.error} onRetry={() => list.refetch()} />;
  const rows = list.data?.list ?? [];

  const card = (row: TStudentExperimentRow) => (
    <Card
      hoverable
      title={row.title}
      onClick={() => navigate(`/program?id=${row.id}`)}
      data-testid={`experiment-card-${row.id}`}
      extra={<Tag>{t(`lang_${row.language}`)}</Tag>}
      actions={[
        <Button key="open" type="link" data-testid={`experiment-open-${row.id}`}>
          {row.submit_count > 0 ? t('open_again') : t('open')}
        </Button>,
      ]}
    >
      <Space direction="vertical" size={4}>
        <Typography.Text type="secondary">{t('case_count_n', { count: row.case_count })}</Typography.Text>
        {row.best_score === null ? (
          <Typography.Text type="secondary" data-testid={`experiment-best-${row.id}`}>
            {t('not_submitted')}
          </Typography.Text>
        ) : (
          <span data-testid={`experiment-best-${row.id}`}>
            {t('best_score')}{' '}
            <Tag color={SCORE_COLOR[scoreLevel({ score: row.best_score, max_score: row.max_score ?? undefined })]}>
              {formatScore(row.best_score)} / {formatScore(row.max_score)}
            </Tag>
          </span>
        )}
        <Typography.Text type="secondary">{t('updated_on', { time: formatTime(row.updated_at) })}</Typography.Text>
      </Space>
    </Card>
  );

  return (
    <Card title={t('student_title')}>
      <ListToolbar>
        <SearchInput
          placeholder={t('search_placeholder')}
          onSearch={(keyword) => refilter({ keyword })}
          testId="experiment-student-search"
        />
      </ListToolbar>
      {list.isLoading ? (
        <Row gutter={[16, 16]} data-testid="experiment-list-loading">
          {[1, 2, 3].map((n) => (
            <Col key={n} {...CARD_COLUMNS}>
              <Card>
                <Skeleton active />
              </Card>
            </Col>
          ))}
        </Row>
      ) : rows.length === 0 ? (
        <Empty
          description={filter.keyword ? t('empty_search') : t('student_empty')}
          data-testid="experiment-list-empty"
        />
      ) : (
        <>
          <Row gutter={[16, 16]} data-testid="experiment-student-list">
            {rows.map((row) => (
              <Col key={row.id} {...CARD_COLUMNS}>
                {card(row)}
              </Col>
            ))}
          </Row>
          {(list.data?.total ?? 0) > paging.pageSize && (
            <Pagination
              style={{ marginTop: 16, textAlign: 'right' }}
              current={paging.page}
              pageSize={paging.pageSize}
              total={list.data?.total}
              onChange={(page) => setPaging((p) => ({ ...p, page }))}
            />
          )}
        </>
      )}
    </Card>
  );
}
