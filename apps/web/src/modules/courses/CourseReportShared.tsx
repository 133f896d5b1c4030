import type { TCourseGroupFigures } from '@app/contracts';
import { Progress, Table, type TableColumnType, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../shared/EChart.tsx';
import { rowTestId } from './CourseShared.tsx';
import { scoreText } from './LearningTaskState.tsx';

/** The reports beside the matrix (docs/courses.md "Per-student detail and class comparison"): their addresses. */
export const STUDENT_DETAIL_TABS = ['tasks', 'wrong'] as const;
export type StudentDetailTab = (typeof STUDENT_DETAIL_TABS)[number];

export const courseStudentPath = (courseId: number, userId: number, tab: StudentDetailTab = 'tasks') =>
  `/course/user/detail/${tab}/${userId}?course_id=${courseId}`;
export const classComparisonPath = (classId?: number) =>
  classId ? `/trainingcamp/group-course-analysis?class_id=${classId}` : '/trainingcamp/group-course-analysis';
export const courseClassesPath = (courseId?: number) =>
  courseId ? `/trainingcamp/groupAnalysis?course_id=${courseId}` : '/trainingcamp/groupAnalysis';
export const courseRankingPath = (courseId?: number) =>
  courseId ? `/teacher/course/analysisStudents?course_id=${courseId}` : '/teacher/course/analysisStudents';

/** Minutes spent, as people read them ("0", "12", "95"). */
export const minutesOf = (seconds: number) => Math.round(seconds / 60);

type Row = TCourseGroupFigures & { id: number; name: string };

/** The figures' columns after the name: students, average progress and score, those behind, overdue tasks. */
function figureColumns<T extends Row>(t: TFunction): TableColumnType<T>[] {
  return [
    { key: 'students', title: t('col_students'), dataIndex: 'student_count', width: 90, align: 'right' },
    {
      key: 'progress',
      title: t('col_avg_progress'),
      width: 200,
      render: (_: unknown, row) =>
        row.avg_progress === null ? (
          '—'
        ) : (
          <Progress
            percent={row.avg_progress}
            size="small"
            aria-label={t('col_avg_progress')}
            format={(value) => `${value}%`}
            style={{ margin: 0 }}
          />
        ),
    },
    {
      key: 'score',
      title: t('col_avg_score'),
      dataIndex: 'avg_score',
      width: 130,
      align: 'right',
      render: (score: number | null) => (score === null ? '—' : scoreText(score)),
    },
    {
      key: 'behind',
      title: <Tooltip title={t('col_behind_help')}>{t('col_behind')}</Tooltip>,
      dataIndex: 'behind_count',
      width: 110,
      align: 'right',
    },
    {
      key: 'overdue',
      title: <Tooltip title={t('col_overdue_help')}>{t('col_overdue')}</Tooltip>,
      dataIndex: 'overdue_count',
      width: 110,
      align: 'right',
    },
  ];
}

/**
 * A table of groups (courses of a class, classes of a course) with their figures: the name column first (`name`),
 * then the figures and the `actions`; `summary` is a last row (all of them together) when given.
 */
export function FiguresTable<T extends Row>({
  rows,
  name,
  actions,
  summary,
  testId,
}: {
  rows: T[];
  name: TableColumnType<T>;
  /** A last column of links. */
  actions?: TableColumnType<T>;
  summary?: { label: string; figures: TCourseGroupFigures };
  testId: string;
}) {
  const { t } = useTranslation('courses-reports');
  const columns = useMemo(() => [name, ...figureColumns<T>(t), ...(actions ? [actions] : [])], [name, actions, t]);
  return (
    <Table<T>
      size="small"
      rowKey="id"
      dataSource={rows}
      columns={columns}
      pagination={false}
      scroll={{ x: 'max-content' }}
      onRow={(row) => rowTestId(`${testId}-row-${row.id}`)}
      data-testid={testId}
      summary={
        summary
          ? () => (
              <Table.Summary.Row data-testid={`${testId}-all`}>
                <Table.Summary.Cell index={0}>{summary.label}</Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  {summary.figures.student_count}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2}>
                  {summary.figures.avg_progress === null ? '—' : `${summary.figures.avg_progress}%`}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  {summary.figures.avg_score === null ? '—' : scoreText(summary.figures.avg_score)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={4} align="right">
                  {summary.figures.behind_count}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={5} align="right">
                  {summary.figures.overdue_count}
                </Table.Summary.Cell>
                {actions && <Table.Summary.Cell index={6} />}
              </Table.Summary.Row>
            )
          : undefined
      }
    />
  );
}

/** Average progress and score side by side per group, as bars (0-100). */
export function FiguresChart({ rows, testId }: { rows: Row[]; testId: string }) {
  const { t } = useTranslation('courses-reports');
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 40, right: 16, top: 36, bottom: rows.length > 4 ? 72 : 32 },
      xAxis: {
        type: 'category',
        data: rows.map((row) => row.name),
        axisLabel: { interval: 0, rotate: rows.length > 4 ? 30 : 0, width: 120, overflow: 'truncate' },
      },
      yAxis: { type: 'value', max: 100 },
      series: [
        { type: 'bar', name: t('col_avg_progress'), barMaxWidth: 40, data: rows.map((row) => row.avg_progress ?? 0) },
        { type: 'bar', name: t('col_avg_score'), barMaxWidth: 40, data: rows.map((row) => row.avg_score ?? 0) },
      ],
    }),
    [rows, t],
  );
  return <EChart option={option} height={rows.length > 4 ? 300 : 260} testId={testId} />;
}

/** A name cell that keeps long names on one line with the whole name on hover. */
export function NameCell({ children, title }: { children: ReactNode; title: string }) {
  return (
    <span
      title={title}
      style={{
        display: 'inline-block',
        maxWidth: 260,
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
        verticalAlign: 'bottom',
      }}
    >
      {children}
    </span>
  );
}
