import type { TCourseChapter, TCourseDetail } from '@app/contracts';
import { COURSE_LIMITS } from '@app/contracts/procedures/courses.ts';
import { ZCourseChapterInput } from '@app/contracts/procedures/courses-content.ts';
import { useMutation } from '@tanstack/react-query';
import { App, DatePicker, Form, Input, InputNumber, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormModal, setFormErrors } from '../../shared/FormModal.tsx';
import { zodRule } from '../../shared/form-rules.ts';
import { showError } from '../../shared/query-client.ts';
import { addCourseWeeks, saveCourseChapter } from './queries.ts';

interface ChapterValues {
  title: string;
  dates: [Dayjs | null, Dayjs | null] | null;
}

/** Adds a chapter at the end of the course, or renames and re-dates one. */
export function CourseChapterModal({
  courseId,
  chapter,
  onClose,
  onSaved,
}: {
  courseId: number;
  /** Absent: a new chapter. */
  chapter?: TCourseChapter;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(['courses', 'validation']);
  const { message } = App.useApp();
  const [form] = Form.useForm<ChapterValues>();
  const save = useMutation({
    mutationFn: ({ title, dates }: ChapterValues) =>
      saveCourseChapter({
        ...(chapter ? { id: chapter.id } : {}),
        course_id: courseId,
        title: title.trim(),
        starts_on: dates?.[0] ? dates[0].format('YYYY-MM-DD') : null,
        ends_on: dates?.[1] ? dates[1].format('YYYY-MM-DD') : null,
      }),
    onSuccess: () => {
      void message.success(t(chapter ? 'chapter_saved' : 'chapter_created'));
      onSaved();
    },
    onError: (error) => {
      if (!setFormErrors(form, error, ['title', 'dates'], { course_dates_invalid: 'dates' })) showError(error);
    },
  });
  return (
    <FormModal<ChapterValues>
      form={form}
      title={chapter ? t('chapter_edit_title', { name: chapter.title }) : t('chapter_create_title')}
      saving={save.isPending}
      saveTestId="chapter-save"
      initialValues={{
        title: chapter?.title ?? '',
        dates:
          chapter?.starts_on || chapter?.ends_on
            ? [chapter.starts_on ? dayjs(chapter.starts_on) : null, chapter.ends_on ? dayjs(chapter.ends_on) : null]
            : null,
      }}
      onFinish={(values) => save.mutate(values)}
      onClose={onClose}
    >
      <Form.Item
        name="title"
        label={t('chapter_title')}
        rules={[zodRule(ZCourseChapterInput.shape.title, t)]}
        extra={t('name_help', { max: COURSE_LIMITS.chapterTitle })}
      >
        <Input maxLength={COURSE_LIMITS.chapterTitle} showCount autoFocus data-testid="chapter-title" />
      </Form.Item>
      <Form.Item name="dates" label={t('chapter_dates')} extra={t('chapter_dates_help')}>
        <DatePicker.RangePicker allowEmpty={[true, true]} data-testid="chapter-dates" />
      </Form.Item>
    </FormModal>
  );
}

interface WeeksValues {
  count: number;
  pattern: string;
}

/** How many weeks the course's dates span beyond the chapters it has (1 without both dates), within the limits. */
function weeksLeft(course: TCourseDetail): number {
  const room = Math.min(COURSE_LIMITS.weeksPerCall, COURSE_LIMITS.chapters - course.chapters.length);
  if (!course.starts_on || !course.ends_on) return 1;
  const days = dayjs(course.ends_on).diff(dayjs(course.starts_on), 'day') + 1;
  return Math.max(1, Math.min(Math.ceil(days / 7) - course.chapters.length, room));
}

/**
 * Adds N weekly chapters after the last one, titled by a pattern in the user's language (`{n}` is the week number)
 * and dated from the course start when it has one.
 */
export function CourseWeeksModal({
  course,
  onClose,
  onSaved,
}: {
  course: TCourseDetail;
  onClose: () => void;
  onSaved: (detail: TCourseDetail) => void;
}) {
  const { t } = useTranslation(['courses', 'validation']);
  const { message } = App.useApp();
  const [form] = Form.useForm<WeeksValues>();
  const save = useMutation({
    mutationFn: ({ count, pattern }: WeeksValues) => addCourseWeeks(course.id, count, pattern.trim()),
    onSuccess: (detail, { count }) => {
      void message.success(t('weeks_added', { count }));
      onSaved(detail);
    },
    onError: (error) => {
      if (!setFormErrors(form, error, ['count', 'pattern'])) showError(error);
    },
  });
  const first = course.chapters.length + 1;
  return (
    <FormModal<WeeksValues>
      form={form}
      title={t('weeks_title')}
      okText={t('weeks_ok')}
      saving={save.isPending}
      saveTestId="chapter-weeks-save"
      initialValues={{ count: weeksLeft(course), pattern: t('week_pattern') }}
      onFinish={(values) => save.mutate(values)}
      onClose={onClose}
    >
      <Typography.Paragraph type="secondary">
        {course.starts_on ? t('weeks_help_dated', { n: first }) : t('weeks_help_undated', { n: first })}
      </Typography.Paragraph>
      <Form.Item name="count" label={t('weeks_count')} rules={[{ required: true, message: t('validation:required') }]}>
        <InputNumber min={1} max={COURSE_LIMITS.weeksPerCall} precision={0} data-testid="chapter-weeks-count" />
      </Form.Item>
      <Form.Item
        name="pattern"
        label={t('weeks_pattern')}
        extra={t('weeks_pattern_help')}
        rules={[
          { required: true, whitespace: true, message: t('validation:required') },
          { max: COURSE_LIMITS.chapterTitle, message: t('validation:too_long') },
        ]}
      >
        <Input maxLength={COURSE_LIMITS.chapterTitle} data-testid="chapter-weeks-pattern" />
      </Form.Item>
    </FormModal>
  );
}
