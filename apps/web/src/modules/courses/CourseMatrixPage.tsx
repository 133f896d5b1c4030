import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { parseId } from '../../shared/task-paths.ts';
import { CourseMatrixChooser, CourseMatrixCoursePicker, courseMatrixPath } from './CourseMatrixCoursePicker.tsx';
import { CourseMatrixView } from './CourseMatrixView.tsx';
import { courseRankingPath } from './CourseReportShared.tsx';
import { courseEditorPath } from './CourseShared.tsx';

/**
 * `/trainingcamp/trainstat?course_id=`: the teacher's progress matrix of a course (docs/courses.md "Analysis"). A
 * course picker on top (the course stays in the address, so a page may link to one course's matrix); then, for the
 * chosen course, its students of one class or all against its tasks, each cell the task's state and score as the
 * student sees them, filtered to those behind, overdue or not started, searched, and exported as xlsx.
 */
export function CourseMatrixPage() {
  const { t } = useTranslation(['courses', 'common']);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const courseId = parseId(search.get('course_id'));
  const choose = (id: number | null) => {
    void navigate(courseMatrixPath(id ?? undefined));
  };

  return (
    <Card data-testid="course-matrix">
      <Flex wrap align="center" gap="8px 12px" style={{ marginBottom: 16 }}>
        <Typography.Text strong>{t('matrix_course')}</Typography.Text>
        <CourseMatrixCoursePicker courseId={courseId} onChange={choose} />
        {courseId !== null && (
          <Link to={courseEditorPath(courseId, 'chapters')} data-testid="matrix-open-course">
            {t('matrix_open_course')}
          </Link>
        )}
        {courseId !== null && (
          <Link to={courseRankingPath(courseId)} data-testid="matrix-open-ranking">
            {t('matrix_open_ranking')}
          </Link>
        )}
      </Flex>
      {courseId === null ? (
        <CourseMatrixChooser />
      ) : (
        <CourseMatrixView key={courseId} courseId={courseId} onReset={() => choose(null)} />
      )}
    </Card>
  );
}
