import { Button, Card, Empty, Flex, Result, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { parseId } from '../../shared/task-paths.ts';
import { CourseMatrixCoursePicker, courseMatrixPath } from './CourseMatrixCoursePicker.tsx';
import { courseEditorPath } from './CourseShared.tsx';

/**
 * A report of one course chosen on the page (`?course_id=`): the course picker with a link to its matrix, a prompt
 * until a course is chosen, then the report of that course (given a way back to choosing).
 */
export function CourseReportFrame({
  pathOf,
  chooseText,
  testId,
  children,
}: {
  pathOf: (courseId?: number) => string;
  chooseText: string;
  testId: string;
  children: (courseId: number, onReset: () => void) => ReactNode;
}) {
  const { t } = useTranslation(['courses-reports', 'common']);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const courseId = parseId(search.get('course_id'));
  const choose = (id: number | null) => {
    void navigate(pathOf(id ?? undefined));
  };
  return (
    <Card data-testid={`${testId}-page`}>
      <Flex wrap align="center" gap="8px 12px" style={{ marginBottom: 16 }}>
        <Typography.Text strong>{t('course')}</Typography.Text>
        <CourseMatrixCoursePicker courseId={courseId} onChange={choose} />
        {courseId !== null && <Link to={courseMatrixPath(courseId)}>{t('open_matrix')}</Link>}
      </Flex>
      {courseId === null ? (
        <Empty description={chooseText} data-testid={`${testId}-empty`} />
      ) : (
        children(courseId, () => choose(null))
      )}
    </Card>
  );
}

/** The course is gone or not the caller's: say so, with a way back to choosing. */
export function CourseReportNotFound({ onReset }: { onReset: () => void }) {
  const { t } = useTranslation('courses-reports');
  return (
    <Result
      status="404"
      title={t('course_not_found')}
      extra={<Button onClick={onReset}>{t('choose_another_course')}</Button>}
    />
  );
}

/** The course is taught to no class yet: nothing to report, and where to add classes. */
export function CourseReportNoClasses({ courseId, testId }: { courseId: number; testId: string }) {
  const { t } = useTranslation('courses-reports');
  return (
    <Empty description={t('course_no_classes')} data-testid={testId}>
      <Link to={courseEditorPath(courseId, 'team')}>{t('add_classes')}</Link>
    </Empty>
  );
}
