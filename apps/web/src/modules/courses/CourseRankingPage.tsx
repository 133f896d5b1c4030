import { Card, Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { parseId } from '../../shared/task-paths.ts';
import { CourseMatrixCoursePicker, courseMatrixPath } from './CourseMatrixCoursePicker.tsx';
import { CourseRankingView } from './CourseRankingView.tsx';
import { courseRankingPath } from './CourseReportShared.tsx';

/**
 * `/teacher/course/analysisStudents?course_id=`: a course's students analysed (docs/courses.md "Students' ranking"):
 * a course picker, then the distributions of course score and progress with the averages, and every student ranked
 * by course score, sortable by progress, time spent or overdue tasks, each a link to their detail.
 */
export function CourseRankingPage() {
  const { t } = useTranslation(['courses-reports', 'common']);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const courseId = parseId(search.get('course_id'));
  const choose = (id: number | null) => {
    void navigate(courseRankingPath(id ?? undefined));
  };

  return (
    <Card data-testid="course-ranking-page">
      <Flex wrap align="center" gap="8px 12px" style={{ marginBottom: 16 }}>
        <Typography.Text strong>{t('course')}</Typography.Text>
        <CourseMatrixCoursePicker courseId={courseId} onChange={choose} />
        {courseId !== null && <Link to={courseMatrixPath(courseId)}>{t('open_matrix')}</Link>}
      </Flex>
      {courseId === null ? (
        <Empty description={t('ranking_choose_course')} data-testid="course-ranking-empty" />
      ) : (
        <CourseRankingView key={courseId} courseId={courseId} onReset={() => choose(null)} />
      )}
    </Card>
  );
}
