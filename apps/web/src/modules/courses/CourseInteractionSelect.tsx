import type { TCourseTask } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { interactionListQuery } from '../interactions/index.ts';

/** An interact task's source: one of the course's interactions (written on the course's interactive tab). */
export function CourseInteractionSelect({
  courseId,
  value,
  onChange,
  known,
}: {
  courseId: number;
  value?: number | null;
  onChange?: (id: number | null) => void;
  known?: TCourseTask;
}) {
  const { t } = useTranslation('courses');
  const list = useQuery(interactionListQuery(courseId));
  const options = (list.data?.list ?? []).map((row) => ({
    value: row.id,
    label: t('source_interaction_option', { title: row.title, count: row.question_count }),
  }));
  if (known?.interaction_id && !options.some((o) => o.value === known.interaction_id))
    options.push({ value: known.interaction_id, label: known.interaction_title ?? `#${known.interaction_id}` });
  return (
    <Select<number>
      allowClear
      value={value ?? undefined}
      onChange={(id) => onChange?.(id ?? null)}
      loading={list.isFetching}
      options={options}
      notFoundContent={t('source_interaction_none')}
      placeholder={t('source_interaction_placeholder')}
      aria-label={t('source_interaction')}
      data-testid="task-interaction"
    />
  );
}
