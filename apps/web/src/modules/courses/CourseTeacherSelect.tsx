import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { teacherOptionsQuery } from './queries.ts';

/**
 * Picks teachers of the organisation by username or nickname (searched as the person types); `exclude` leaves out
 * who is already there (the owner, the co-teachers); `labels` names the teachers chosen before (an edit form's).
 */
export function CourseTeacherSelect({
  value,
  onChange,
  multiple = false,
  exclude = [],
  labels = [],
  testId,
}: {
  value?: number | number[] | null;
  onChange?: (value: number | number[] | null) => void;
  multiple?: boolean;
  exclude?: readonly number[];
  labels?: readonly { id: number; name: string }[];
  testId: string;
}) {
  const { t } = useTranslation('courses');
  const [keyword, setKeyword] = useState('');
  const [known, setKnown] = useState<Map<number, string>>(() => new Map(labels.map((l) => [l.id, l.name])));
  const members = useQuery({ ...teacherOptionsQuery(keyword), placeholderData: keepPreviousData });
  const found = (members.data ?? []).filter((m) => !exclude.includes(m.id));
  const options = found.map((m) => ({ value: m.id, label: `${m.nickname} (${m.username})` }));
  const chosen = value === null || value === undefined ? [] : Array.isArray(value) ? value : [value];
  for (const id of chosen) {
    if (!options.some((o) => o.value === id)) options.push({ value: id, label: known.get(id) ?? String(id) });
  }
  return (
    <Select<number | number[]>
      mode={multiple ? 'multiple' : undefined}
      showSearch={{ filterOption: false, onSearch: (text) => setKeyword(text.trim()) }}
      allowClear
      value={value ?? undefined}
      onChange={(next) => {
        const ids = next === undefined ? [] : Array.isArray(next) ? next : [next];
        setKnown((map) => {
          const copy = new Map(map);
          for (const id of ids) {
            const label = options.find((o) => o.value === id)?.label;
            if (label) copy.set(id, label);
          }
          return copy;
        });
        onChange?.(next ?? (multiple ? [] : null));
      }}
      loading={members.isFetching}
      options={options}
      placeholder={t('teacher_search')}
      aria-label={t('teacher_search')}
      notFoundContent={members.isError ? t('teachers_unavailable') : t('teachers_none')}
      style={{ width: '100%', minWidth: 240 }}
      data-testid={testId}
    />
  );
}
