import { useTranslation } from 'react-i18next';
import { CourseRankingView } from './CourseRankingView.tsx';
import { CourseReportFrame } from './CourseReportFrame.tsx';
import { courseRankingPath } from './CourseReportShared.tsx';

/**
 * `/teacher/course/analysisStudents?course_id=`: a course's students analysed (docs/courses.md "Students' ranking"):
 * a course picker, then the distributions of course score and progress with the averages, and every student ranked
 * by course score, sortable by progress, time spent or overdue tasks, each a link to their detail.
 */
export function CourseRankingPage() {
  const { t } = useTranslation('courses-reports');
  return (
    <CourseReportFrame pathOf={courseRankingPath} chooseText={t('ranking_choose_course')} testId="course-ranking">
      {(courseId, onReset) => <CourseRankingView key={courseId} courseId={courseId} onReset={onReset} />}
    </CourseReportFrame>
  );
}
