import { BarChartOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { parseId } from '../../shared/task-paths.ts';

/** The kinds of task whose source is an exam (or a homework, made by the same wizard). */
export type CourseExamKind = 'exam' | 'random_exam' | 'homework';

/**
 * `/course/task/exam` (fixed paper; with `kind=homework` a homework) or `/course/task/randomExam` (random paper) for a
 * chapter of a course.
 */
export const courseExamBuildPath = (kind: CourseExamKind, courseId: number, chapterId: number) =>
  `/course/task/${kind === 'random_exam' ? 'randomExam' : 'exam'}?course_id=${courseId}&chapter_id=${chapterId}` +
  (kind === 'homework' ? '&kind=homework' : '');

export const courseExamPreviewPath = (examId: number, courseId: number | null) =>
  `/course/task/exam/preview?exam_id=${examId}${courseId ? `&course_id=${courseId}` : ''}`;

/** The course of the editor page (`/teacher/course/detail/{tab}?id=`) the chapter cards and the task drawer sit in. */
export function useEditorCourseId(): number | null {
  const [search] = useSearchParams();
  return parseId(search.get('id'));
}

/**
 * Under the task drawer's exam select: builds a new exam for this course in the chapter (the exam wizard in course
 * mode), closing the drawer first.
 */
export function CourseExamBuildLink({
  kind,
  chapterId,
  onLeave,
}: {
  kind: CourseExamKind;
  chapterId: number;
  onLeave: () => void;
}) {
  const { t } = useTranslation('courses');
  const navigate = useNavigate();
  const courseId = useEditorCourseId();
  if (courseId === null) return null;
  return (
    <div style={{ margin: '-12px 0 16px' }}>
      <Button
        type="link"
        icon={<PlusOutlined />}
        style={{ paddingInline: 0 }}
        onClick={() => {
          onLeave();
          navigate(courseExamBuildPath(kind, courseId, chapterId));
        }}
        data-testid="task-exam-build"
      >
        {t(`${kind}_build_link`)}
      </Button>
    </div>
  );
}

/** A chapter card's action on an exam task: its paper as a student will see it. */
export function CourseExamPreviewAction({ examId, taskId }: { examId: number; taskId: number }) {
  const { t } = useTranslation('courses');
  const navigate = useNavigate();
  const courseId = useEditorCourseId();
  return (
    <Tooltip title={t('exam_preview')}>
      <Button
        type="text"
        size="small"
        icon={<EyeOutlined />}
        aria-label={t('exam_preview')}
        onClick={() => navigate(courseExamPreviewPath(examId, courseId))}
        data-testid={`task-preview-${taskId}`}
      />
    </Tooltip>
  );
}

/** A chapter card's action on an exam task: the analysis of its paper (`/course/analysis/paperAnalysis?id=`). */
export function CourseExamAnalysisAction({ examId, taskId }: { examId: number; taskId: number }) {
  const { t } = useTranslation('courses');
  const navigate = useNavigate();
  return (
    <Tooltip title={t('exam_paper_analysis')}>
      <Button
        type="text"
        size="small"
        icon={<BarChartOutlined />}
        aria-label={t('exam_paper_analysis')}
        onClick={() => navigate(`/course/analysis/paperAnalysis?id=${examId}`)}
        data-testid={`task-analysis-${taskId}`}
      />
    </Tooltip>
  );
}
