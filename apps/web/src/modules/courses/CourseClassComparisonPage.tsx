import type { TCourseClassComparison } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Result, Select, Skeleton, type TableColumnType, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { parseId } from '../../shared/task-paths.ts';
import { courseMatrixPath } from './CourseMatrixCoursePicker.tsx';
import { classComparisonPath, courseClassesPath, FiguresChart, FiguresTable, NameCell } from './CourseReportShared.tsx';
import { CourseStatusTag, courseListPath } from './CourseShared.tsx';
import { classComparisonQuery } from './queries.ts';

type CourseRow = TCourseClassComparison['courses'][number];

/** The courses of the chosen class: a chart of their averages and the table of their figures. */
function ClassCourses({ data }: { data: TCourseClassComparison }) {
  const { t } = useTranslation(['courses-reports', 'courses']);
  const name = useMemo<TableColumnType<CourseRow>>(
    () => ({
      key: 'name',
      title: t('col_course'),
      render: (_: unknown, row) => (
        <Flex align="center" gap={8}>
          <NameCell title={row.name}>
            <Link to={courseMatrixPath(row.id)} data-user-content>
              {row.name}
            </Link>
          </NameCell>
          {row.status !== 'online' && <CourseStatusTag status={row.status} />}
        </Flex>
      ),
    }),
    [t],
  );
  const actions = useMemo<TableColumnType<CourseRow>>(
    () => ({
      key: 'actions',
      title: t('col_actions'),
      width: 130,
      render: (_: unknown, row) => <Link to={courseClassesPath(row.id)}>{t('open_course_classes')}</Link>,
    }),
    [t],
  );
  if (data.courses.length === 0) {
    return <Empty description={t('class_no_courses')} data-testid="class-comparison-empty" />;
  }
  return (
    <>
      <FiguresChart rows={data.courses} testId="class-comparison-chart" />
      <FiguresTable rows={data.courses} name={name} actions={actions} testId="class-comparison" />
    </>
  );
}

/**
 * `/trainingcamp/group-course-analysis?class_id=`: one class across the courses taught to it that the caller may view
 * (docs/courses.md "Per-student detail and class comparison"): a class picker (the classes of the caller's courses; a
 * manager's: every class), then per course the students, average progress and score, those behind and overdue tasks.
 */
export function CourseClassComparisonPage() {
  const { t } = useTranslation(['courses-reports', 'common']);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const classId = parseId(search.get('class_id'));
  const answer = useQuery({ ...classComparisonQuery(classId), placeholderData: keepPreviousData });
  const choose = (id?: number) => {
    void navigate(classComparisonPath(id));
  };
  const classes = answer.data?.classes ?? [];
  const notFound = answer.error instanceof ApiError && answer.error.code === 'not_found';

  const body = (() => {
    if (notFound) {
      return (
        <Result
          status="404"
          title={t('class_not_found')}
          extra={<Button onClick={() => choose()}>{t('choose_another_class')}</Button>}
        />
      );
    }
    if (answer.isError && !answer.data) return <LoadFailed error={answer.error} onRetry={() => answer.refetch()} />;
    if (!answer.data) return <Skeleton active paragraph={{ rows: 8 }} />;
    if (classId === null) {
      return classes.length === 0 ? (
        <Empty description={t('classes_none')} data-testid="class-comparison-empty">
          <Link to={courseListPath()}>{t('go_courses')}</Link>
        </Empty>
      ) : (
        <Empty description={t('choose_class')} data-testid="class-comparison-empty" />
      );
    }
    return <ClassCourses data={answer.data} />;
  })();

  return (
    <Card data-testid="class-comparison-page">
      <Flex wrap align="center" gap="8px 12px" style={{ marginBottom: 16 }}>
        <Typography.Text strong>{t('class')}</Typography.Text>
        <Select<number>
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          value={classId ?? undefined}
          onChange={(id) => choose(id)}
          loading={answer.isFetching}
          options={classes.map((c) => ({
            value: c.id,
            label: t('class_option', { name: c.name, count: c.student_count }),
          }))}
          placeholder={t('class_placeholder')}
          aria-label={t('class')}
          notFoundContent={t('classes_none_short')}
          style={{ width: 320, maxWidth: '100%' }}
          data-testid="class-comparison-select"
        />
      </Flex>
      {body}
    </Card>
  );
}
