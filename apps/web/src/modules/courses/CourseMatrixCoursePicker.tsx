import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Flex, Select, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import type { Paging } from '../../shared/list-paging.ts';
import { CourseStatusTag, courseListPath } from './CourseShared.tsx';
import { courseDetailQuery, coursesQuery } from './queries.ts';

/** The picker searches the first 50 of the teacher's courses (newest first); the empty page lists the first 12. */
const PICKER_PAGING: Paging = { page: 1, pageSize: 50 };
const CHOOSER_SHOWN = 12;

/** `/trainingcamp/trainstat`, of one course when given: the progress matrix (the course editor may link here). */
export const courseMatrixPath = (courseId?: number) =>
  courseId ? `/trainingcamp/trainstat?course_id=${courseId}` : '/trainingcamp/trainstat';

/**
 * Picks one of the teacher's courses (those they own or co-teach; a manager: every course), searched by name as
 * they type. The chosen course's name comes from the list, or from its detail when the list does not hold it.
 */
export function CourseMatrixCoursePicker({
  courseId,
  onChange,
}: {
  courseId: number | null;
  onChange: (courseId: number | null) => void;
}) {
  const { t } = useTranslation(['courses', 'common']);
  const [keyword, setKeyword] = useState('');
  const list = useQuery({
    ...coursesQuery({ keyword: keyword || undefined }, PICKER_PAGING),
    placeholderData: keepPreviousData,
  });
  const courses = list.data?.list ?? [];
  const listed = courses.find((course) => course.id === courseId);
  const detail = useQuery({
    ...courseDetailQuery(courseId ?? 0),
    enabled: courseId !== null && list.isSuccess && !listed,
  });
  const options = courses.map((course) => ({ value: course.id, label: course.name, status: course.status }));
  if (courseId !== null && !listed) {
    const name = detail.data?.name ?? (detail.isError ? t('matrix_course_id', { id: courseId }) : t('common:loading'));
    options.unshift({ value: courseId, label: name, status: detail.data?.status ?? 'online' });
  }

  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: (text) => setKeyword(text.trim()) }}
      allowClear
      value={courseId ?? undefined}
      onChange={(id) => onChange(id ?? null)}
      loading={list.isFetching}
      options={options}
      optionRender={(option) => (
        <Flex justify="space-between" align="center" gap={8}>
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{option.label}</span>
          {option.data.status !== 'online' && <CourseStatusTag status={option.data.status} />}
        </Flex>
      )}
      placeholder={t('matrix_course_placeholder')}
      aria-label={t('matrix_course')}
      notFoundContent={list.isError ? t('matrix_courses_unavailable') : t('matrix_courses_none')}
      style={{ width: 360, maxWidth: '100%' }}
      data-testid="matrix-course-select"
    />
  );
}

/**
 * The page before a course is chosen: a prompt and the teacher's latest courses, each a link to its matrix (the
 * rest are found with the picker); a teacher without courses is sent to the course list.
 */
export function CourseMatrixChooser() {
  const { t } = useTranslation(['courses', 'common']);
  const list = useQuery(coursesQuery({}, PICKER_PAGING));

  if (list.isError && !list.data) return <LoadFailed error={list.error} onRetry={() => list.refetch()} />;
  if (!list.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  const { list: courses, total } = list.data;
  if (total === 0) {
    return (
      <Empty description={t('matrix_no_courses')} data-testid="matrix-empty" style={{ margin: '32px 0' }}>
        <Link to={courseListPath()}>{t('matrix_go_courses')}</Link>
      </Empty>
    );
  }
  return (
    <Flex vertical align="center" gap={16} style={{ padding: '24px 0' }} data-testid="matrix-empty">
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('matrix_choose')} style={{ margin: 0 }} />
      <Flex vertical gap={8} style={{ width: '100%', maxWidth: 640 }}>
        <Typography.Text strong>{t('matrix_your_courses')}</Typography.Text>
        {courses.slice(0, CHOOSER_SHOWN).map((course) => (
          <Flex key={course.id} wrap align="center" gap="4px 12px" data-testid={`matrix-choose-${course.id}`}>
            <Link to={courseMatrixPath(course.id)} style={{ overflowWrap: 'anywhere' }}>
              {course.name}
            </Link>
            {course.status !== 'online' && <CourseStatusTag status={course.status} />}
            <Typography.Text type="secondary">
              {t('matrix_course_figures', { classes: course.class_count, students: course.student_count })}
            </Typography.Text>
          </Flex>
        ))}
        {total > CHOOSER_SHOWN && <Typography.Text type="secondary">{t('matrix_choose_more')}</Typography.Text>}
      </Flex>
    </Flex>
  );
}
