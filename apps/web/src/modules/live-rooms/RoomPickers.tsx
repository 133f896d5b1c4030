import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { classOptionsQuery, courseClassesQuery, courseOptionsQuery } from './queries.ts';

interface Named {
  id: number;
  name: string;
}

/** Options with the chosen ones that the current search did not bring (their names from the record). */
function withKnown(options: { value: number; label: string }[], known: readonly Named[]) {
  const seen = new Set(options.map((o) => o.value));
  return [...options, ...known.filter((k) => !seen.has(k.id)).map((k) => ({ value: k.id, label: k.name }))];
}

/** The room's course (optional), searched by name among the courses the caller teaches. */
export function RoomCourseSelect({
  value,
  onChange,
  known,
  disabled,
  onPicked,
}: {
  value?: number | null;
  onChange?: (value: number | null) => void;
  known: Named | null;
  disabled?: boolean;
  onPicked: () => void;
}) {
  const { t } = useTranslation('live-rooms');
  const [keyword, setKeyword] = useState('');
  const courses = useQuery({ ...courseOptionsQuery(keyword), placeholderData: keepPreviousData });
  const options = withKnown(
    (courses.data?.list ?? []).map((c) => ({ value: c.id, label: c.name })),
    known ? [known] : [],
  );
  return (
    <Select<number>
      allowClear
      showSearch={{ filterOption: false, onSearch: (text) => setKeyword(text.trim()) }}
      value={value ?? undefined}
      onChange={(next) => {
        onChange?.(next ?? null);
        onPicked();
      }}
      disabled={disabled}
      loading={courses.isFetching}
      options={options}
      placeholder={t('course_none_placeholder')}
      aria-label={t('course')}
      notFoundContent={courses.isError ? t('courses_unavailable') : t('courses_none')}
      data-testid="live-room-course"
    />
  );
}

/**
 * The invited classes: the course's classes when the room has a course, else the organisation's (a teacher sees the
 * classes they own), searched by name.
 */
export function RoomClassSelect({
  value,
  onChange,
  courseId,
  known,
}: {
  value?: number[];
  onChange?: (value: number[]) => void;
  courseId: number | null;
  known: readonly Named[];
}) {
  const { t } = useTranslation('live-rooms');
  const [keyword, setKeyword] = useState('');
  const ofCourse = useQuery({ ...courseClassesQuery(courseId ?? 0), enabled: courseId !== null });
  const ofSite = useQuery({
    ...classOptionsQuery(keyword),
    enabled: courseId === null,
    placeholderData: keepPreviousData,
  });
  const source = courseId === null ? ofSite : ofCourse;
  const found =
    courseId === null
      ? (ofSite.data?.list ?? []).map((c) => ({ value: c.id, label: c.name }))
      : (ofCourse.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  const chosen = new Set(value ?? []);
  const options = withKnown(
    found,
    known.filter((k) => chosen.has(k.id)),
  );
  return (
    <Select<number[]>
      mode="multiple"
      value={value ?? []}
      onChange={(next) => onChange?.(next)}
      showSearch={
        courseId === null
          ? { filterOption: false, onSearch: (text) => setKeyword(text.trim()) }
          : { optionFilterProp: 'label' }
      }
      loading={source.isFetching}
      options={options}
      placeholder={courseId === null ? t('classes_placeholder') : t('classes_of_course_placeholder')}
      aria-label={t('classes')}
      notFoundContent={
        source.isError ? t('classes_unavailable') : courseId === null ? t('classes_none') : t('course_classes_none')
      }
      data-testid="live-room-classes"
    />
  );
}
