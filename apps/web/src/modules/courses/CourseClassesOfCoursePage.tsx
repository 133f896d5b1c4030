import type { TCourseClassesOfCourse } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Skeleton, type TableColumnType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../shared/api.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { CourseReportFrame, CourseReportNoClasses, CourseReportNotFound } from './CourseReportFrame.tsx';
import { classComparisonPath, courseClassesPath, FiguresChart, FiguresTable, NameCell } from './CourseReportShared.tsx';
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

  if (answer.error instanceof ApiError && answer.error.code === 'not_found')
    return <CourseReportNotFound onReset={onReset} />;
  if (answer.isError && !answer.data) return <LoadFailed error={answer.error} onRetry={() => answer.refetch()} />;
  if (!answer.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const data = answer.data;
  if (data.classes.length === 0) return <CourseReportNoClasses courseId={courseId} testId="course-classes-empty" />;
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
  const { t } = useTranslation('courses-reports');
  return (
    <CourseReportFrame pathOf={courseClassesPath} chooseText={t('choose_course')} testId="course-classes">
      {(courseId, onReset) => <CourseClasses key={courseId} courseId={courseId} onReset={onReset} />}
    </CourseReportFrame>
  );
}
