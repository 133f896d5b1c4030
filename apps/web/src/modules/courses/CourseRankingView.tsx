import type { TCourseRanking, TCourseRankingRow } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Col, Empty, Progress, Row, Select, Skeleton, Statistic, Table, type TableColumnType, Tag } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../shared/api.ts';
import { EChart } from '../../shared/EChart.tsx';
import { ListToolbar, SearchInput } from '../../shared/ListToolbar.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { CourseReportNoClasses, CourseReportNotFound } from './CourseReportFrame.tsx';
import { courseStudentPath, minutesOf, NameCell } from './CourseReportShared.tsx';
import { scoreText } from './LearningTaskState.tsx';
import { type CourseRankingFilter, courseRankingQuery } from './queries.ts';

type Sort = CourseRankingFilter['sort'];
type Selection = Omit<CourseRankingFilter, 'course_id'>;
const ALL_CLASSES = 0;

/** Students per band (course score or progress), as bars. */
function BandsChart({ bands, title, testId }: { bands: TCourseRanking['score_bands']; title: string; testId: string }) {
  const option = useMemo(
    () => ({
      title: { text: title, textStyle: { fontSize: 14 } },
      tooltip: { trigger: 'axis' },
      grid: { left: 40, right: 16, top: 40, bottom: 32 },
      xAxis: { type: 'category', data: bands.map((b) => (b.from === b.to ? `${b.from}` : `${b.from}–${b.to}`)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [{ type: 'bar', name: title, barMaxWidth: 48, data: bands.map((b) => b.count) }],
    }),
    [bands, title],
  );
  return <EChart option={option} height={240} testId={testId} />;
}

function columns(t: TFunction, courseId: number, selection: Selection): TableColumnType<TCourseRankingRow>[] {
  const sorted = (key: Sort): { sorter: true; sortOrder: SortOrder } => ({
    sorter: true,
    sortOrder: selection.sort === key ? (selection.order === 'asc' ? 'ascend' : 'descend') : null,
  });
  return [
    { key: 'rank', title: t('col_rank'), dataIndex: 'rank', width: 70, render: (rank: number | null) => rank ?? '—' },
    {
      key: 'student',
      title: t('col_student'),
      width: 200,
      render: (_: unknown, row) => (
        <NameCell title={`${row.nickname} (${row.username})`}>
          <Link to={courseStudentPath(courseId, row.user_id)} data-testid={`ranking-student-${row.user_id}`}>
            {row.nickname || row.username}
          </Link>
        </NameCell>
      ),
    },
    { key: 'class', title: t('col_class'), dataIndex: 'class_name', width: 150, ellipsis: true },
    {
      key: 'score',
      title: t('col_score'),
      dataIndex: 'score',
      width: 100,
      align: 'right',
      ...sorted('score'),
      render: (score: number | null) => (score === null ? '—' : scoreText(score)),
    },
    {
      key: 'progress',
      title: t('col_progress'),
      dataIndex: 'progress',
      width: 160,
      ...sorted('progress'),
      render: (progress: number) => <Progress percent={progress} size="small" />,
    },
    {
      key: 'seconds_spent',
      title: t('col_minutes'),
      dataIndex: 'seconds_spent',
      width: 110,
      align: 'right',
      ...sorted('seconds_spent'),
      render: (seconds: number) => minutesOf(seconds),
    },
    {
      key: 'overdue_count',
      title: t('col_overdue'),
      dataIndex: 'overdue_count',
      width: 100,
      align: 'right',
      ...sorted('overdue_count'),
    },
    {
      key: 'behind',
      title: t('col_state'),
      width: 100,
      render: (_: unknown, row) => (row.behind ? <Tag color="orange">{t('ranking_behind')}</Tag> : null),
    },
  ];
}

/** One course's ranking under the picker: figures, the two distributions, and the sortable, paged table. */
export function CourseRankingView({ courseId, onReset }: { courseId: number; onReset: () => void }) {
  const { t } = useTranslation(['courses-reports', 'common']);
  const { filter, refilter, paging, setPaging } = useListFilter<Selection>({ sort: 'score', order: 'desc' }, 50);
  const answer = useQuery({
    ...courseRankingQuery({ course_id: courseId, ...filter }, paging),
    placeholderData: keepPreviousData,
  });
  const tableColumns = useMemo(() => columns(t, courseId, filter), [t, courseId, filter]);

  if (answer.error instanceof ApiError && answer.error.code === 'not_found' && !answer.data) {
    return <CourseReportNotFound onReset={onReset} />;
  }
  if (answer.isError && !answer.data) return <LoadFailed error={answer.error} onRetry={() => answer.refetch()} />;
  if (!answer.data) return <Skeleton active paragraph={{ rows: 10 }} />;
  const data = answer.data;
  if (data.classes.length === 0) return <CourseReportNoClasses courseId={courseId} testId="course-ranking-empty" />;
  const { summary } = data;
  const figure = (value: number | null) => (value === null ? '—' : value);
  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }} data-testid="ranking-summary">
        <Col xs={12} md={6} xl={3}>
          <Statistic title={t('col_students')} value={summary.student_count} />
        </Col>
        <Col xs={12} md={6} xl={3}>
          <Statistic title={t('col_avg_score')} value={figure(summary.average_score)} />
        </Col>
        <Col xs={12} md={6} xl={3}>
          <Statistic title={t('ranking_median')} value={figure(summary.median_score)} />
        </Col>
        <Col xs={12} md={6} xl={3}>
          <Statistic
            title={t('ranking_pass')}
            value={summary.pass_count}
            suffix={`/ ${summary.scored_count}`}
            valueRender={(node) => <span data-testid="ranking-pass">{node}</span>}
          />
        </Col>
        <Col xs={12} md={6} xl={3}>
          <Statistic title={t('col_avg_progress')} value={figure(summary.average_progress)} suffix="%" />
        </Col>
        <Col xs={12} md={6} xl={3}>
          <Statistic title={t('col_behind')} value={summary.behind_count} />
        </Col>
        <Col xs={12} md={6} xl={3}>
          <Statistic title={t('ranking_not_started')} value={summary.not_started_count} />
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <BandsChart bands={data.score_bands} title={t('ranking_score_bands')} testId="ranking-score-chart" />
        </Col>
        <Col xs={24} md={12}>
          <BandsChart bands={data.progress_bands} title={t('ranking_progress_bands')} testId="ranking-progress-chart" />
        </Col>
      </Row>
      <ListToolbar>
        <Select<number>
          value={filter.class_id ?? ALL_CLASSES}
          onChange={(id) => refilter({ class_id: id === ALL_CLASSES ? undefined : id })}
          options={[
            { value: ALL_CLASSES, label: t('all_classes') },
            ...data.classes.map((c) => ({ value: c.id, label: c.name })),
          ]}
          aria-label={t('col_class')}
          popupMatchSelectWidth={false}
          style={{ width: 220 }}
          data-testid="ranking-class-select"
        />
        <SearchInput
          placeholder={t('ranking_search')}
          width={240}
          onSearch={(keyword) => refilter({ keyword })}
          testId="ranking-search"
        />
      </ListToolbar>
      <Table<TCourseRankingRow>
        rowKey="user_id"
        size="small"
        columns={tableColumns}
        dataSource={data.list}
        loading={answer.isFetching}
        scroll={{ x: 990 }}
        pagination={serverPagination(t, paging, data.total, setPaging)}
        onChange={(_pagination, _filters, sorter, extra) => {
          if (extra.action !== 'sort') return;
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          const key = one?.order ? (one.columnKey as Sort) : 'score';
          refilter({ sort: key, order: one?.order === 'ascend' ? 'asc' : 'desc' });
        }}
        locale={{ emptyText: <Empty description={t('ranking_none')} /> }}
        data-testid="ranking-table"
      />
    </>
  );
}
