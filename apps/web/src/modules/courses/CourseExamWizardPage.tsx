import type { TCourseChapter, TExamDetail } from '@app/contracts';
import { COURSE_LIMITS } from '@app/contracts/procedures/courses.ts';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Result } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { detailFallback } from '../../shared/detail-page.tsx';
import { parseId } from '../../shared/task-paths.ts';
import { ExamWizard, type ExamWizardCourse } from '../exams/index.ts';
import { courseEditorPath, courseListPath, editsContent } from './CourseShared.tsx';
import { courseDetailQuery, saveCourseTask, useCoursesChanged } from './queries.ts';

type PaperMode = ExamWizardCourse['paperMode'];

/** The chapter's dates as the exam's window (its first day's start to its last day's end), when it has both. */
function chapterWindow(chapter: TCourseChapter): [Dayjs, Dayjs] | undefined {
  if (!chapter.starts_on || !chapter.ends_on) return undefined;
  return [dayjs(chapter.starts_on).startOf('day'), dayjs(chapter.ends_on).endOf('day').startOf('minute')];
}

/**
 * `/course/task/exam?course_id=&chapter_id=`: a new fixed-paper exam for a chapter of a course; with `kind=homework`
 * a homework (docs/homework.md: its window is the time to hand in, with a due time and a late penalty).
 */
export function CourseExamWizardPage() {
  const [search] = useSearchParams();
  return <CourseExamWizard mode="fixed" homework={search.get('kind') === 'homework'} />;
}

/** `/course/task/randomExam?course_id=&chapter_id=`: a new random-paper exam (a blueprint) for a chapter. */
export function CourseRandomExamWizardPage() {
  return <CourseExamWizard mode="random" />;
}

/**
 * The exam wizard in course mode (docs/courses.md, "Course exams"): the paper mode is the page's, the audience the
 * students of the course's classes, the window the chapter's dates when it has them. Publishing adds the exam as a
 * task at the end of the chapter and goes back to the course's chapters. A course without a class cannot have one
 * (publishing would find nobody, audience_empty): the page sends the teacher to the team tab instead.
 */
function CourseExamWizard({ mode, homework = false }: { mode: PaperMode; homework?: boolean }) {
  const { t } = useTranslation(['courses', 'common']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const changed = useCoursesChanged();
  const [search] = useSearchParams();
  const courseId = parseId(search.get('course_id'));
  const chapterId = parseId(search.get('chapter_id'));
  const detail = useQuery({ ...courseDetailQuery(courseId ?? 0), enabled: courseId !== null });

  const fallback = detailFallback(t, detail, courseId, courseListPath());
  if (fallback) return fallback;
  const course = detail.data!;
  const chaptersPath = courseEditorPath(course.id, 'chapters');
  const back = <Link to={chaptersPath}>{t('exam_back_to_course')}</Link>;
  const chapter = course.chapters.find((c) => c.id === chapterId);
  if (!chapter) {
    return (
      <Card>
        <Result status="404" title={t('exam_chapter_missing')} extra={back} />
      </Card>
    );
  }
  if (!editsContent(course)) {
    return (
      <Card>
        <Result status="403" title={t('exam_not_editable')} extra={back} />
      </Card>
    );
  }
  if (course.classes.length === 0) {
    return (
      <Card
        title={t(
          homework ? 'homework_build_title' : mode === 'fixed' ? 'exam_build_title' : 'random_exam_build_title',
          { name: course.name },
        )}
      >
        <Alert
          type="warning"
          showIcon
          title={t('exam_no_classes')}
          description={t('exam_no_classes_help')}
          action={
            <Button type="primary" onClick={() => navigate(courseEditorPath(course.id, 'team'))}>
              {t('exam_add_classes')}
            </Button>
          }
          data-testid="course-exam-no-classes"
        />
      </Card>
    );
  }

  const window = chapterWindow(chapter);
  const taskKind = homework ? 'homework' : mode === 'fixed' ? 'exam' : 'random_exam';
  const title = t(`${taskKind}_build_title`, { name: course.name });
  const setup: ExamWizardCourse = {
    paperMode: mode,
    homework,
    classIds: course.classes.map((c) => c.id),
    audienceNote: (
      <span data-testid="course-exam-audience">
        {t('exam_audience_note', {
          classes: course.classes.map((c) => c.name).join(t('exam_class_separator')),
          count: course.classes.reduce((n, c) => n + c.student_count, 0),
        })}
      </span>
    ),
    window,
    windowNote: window ? (
      <span data-testid="course-exam-window">{t('exam_window_chapter', { chapter: chapter.title })}</span>
    ) : undefined,
    onPublished: async (exam: TExamDetail) => {
      await saveCourseTask({
        chapter_id: chapter.id,
        kind: taskKind,
        title: exam.name.slice(0, COURSE_LIMITS.taskTitle),
        exam_id: exam.id,
      });
      await changed();
      void message.success(t('exam_task_created', { chapter: chapter.title }));
      navigate(chaptersPath);
    },
    onCancel: () => navigate(chaptersPath),
  };
  return (
    <Card
      title={title}
      extra={<span data-testid="course-exam-chapter">{t('exam_build_chapter', { chapter: chapter.title })}</span>}
      data-testid="course-exam-wizard"
    >
      <ExamWizard course={setup} />
    </Card>
  );
}
