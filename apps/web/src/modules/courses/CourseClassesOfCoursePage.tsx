import type { TCourseClassesOfCourse } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Result, Skeleton, type TableColumnType, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { parseId } from '../../shared/task-paths.ts';
import { CourseMatrixCoursePicker, courseMatrixPath } from './CourseMatrixCoursePicker.tsx';
import { classComparisonPath, courseClassesPath, FiguresChart, FiguresTable, NameCell } from './CourseReportShared.tsx';
import { courseEditorPath } from './CourseShared.tsx';
import { courseClassComparisonQuery } from './queries.ts';

type ClassRow = TCourseClassesOfCourse['classes'][number];

/** One course's classes: a chart of their averages, the table of their figures and all of them together. */
function CourseClasses({ courseId, onReset }: { courseId: number; onReset: () => void }) {
  const { t } = useTranslation(['courses-reports', 'common']);
  const answer = useQuery(courseClassComparisonQuery(courseId));
  const name = useMemo<TableColumnType<ClassRow>>(
    () => ({
      key: 'name',
      title: t('col_class'),
      render: (_: unknown, row) => (
        <NameCell title={row.name}>
          <Link to={classComparisonPath(row.id)} data-user-content>
            {row.name}
          </Link>
        </NameCell>
      ),
    }),
    [t],
  );

  if (answer.error instanceof ApiError && answer.error.code === 'not_found') {
    return (
      <Result
        status="404"
        title={t('course_not_found')}
        extra={<Button onClick={onReset}>{t('choose_another_course')}</Button>}
      />
    );
  }
  if (answer.isError && !answer.data) return <LoadFailed error={answer.error} onRetry={() => answer.refetch()} />;
  if (!answer.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const data = answer.data;
  if (data.classes.length === 0) {
    return (
      <Empty description={t('course_no_classes')} data-testid="course-classes-empty">
        <Link to={courseEditorPath(courseId, 'team')}>{t('add_classes')}</Link>
      </Empty>
    );
  }
  return (
    <>
      <FiguresChart rows={data.classes} testId="course-classes-chart" />
      <FiguresTable
        rows={data.classes}
        name={name}
        summary={{ label: t('all_classes'), figures: data.all }}
        testId="course-classes"
      />
    </>
  );
}

/**
 * `/trainingcamp/groupAnalysis?course_id=`: one course's classes side by side (docs/courses.md "Per-student detail and
 * class comparison"): a course picker (the caller's courses), then per class the students, average progress and
 * score, those behind and overdue tasks, and every class together.
 */
export function CourseClassesOfCoursePage() {
  const { t } = useTranslation(['courses-reports', 'courses', 'common']);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const courseId = parseId(search.get('course_id'));
  const choose = (id: number | null) => {
    void navigate(courseClassesPath(id ?? undefined));
  };

  return (
    <Card data-testid="course-classes-page">
      <Flex wrap align="center" gap="8px 12px" style={{ marginBottom: 16 }}>
        <Typography.Text strong>{t('course')}</Typography.Text>
        <CourseMatrixCoursePicker courseId={courseId} onChange={choose} />
        {courseId !== null && <Link to={courseMatrixPath(courseId)}>{t('open_matrix')}</Link>}
      </Flex>
      {courseId === null ? (
        <Empty description={t('choose_course')} data-testid="course-classes-empty" />
      ) : (
        <CourseClasses key={courseId} courseId={courseId} onReset={() => choose(null)} />
      )}
    </Card>
  );
}
