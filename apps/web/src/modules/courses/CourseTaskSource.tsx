import type { TCourseMaterial, TCourseTask, TCourseTaskKind } from '@app/contracts';
import { COURSE_LIMITS } from '@app/contracts/procedures/courses.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Form, Input, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichBox } from '../question-bank/index.ts';
import { TeachingSourcePicker } from '../teaching-sources/index.ts';
import { CourseInteractionSelect } from './CourseInteractionSelect.tsx';
import { CourseLiveRoomSelect } from './CourseLiveRoomSelect.tsx';
import { examOptionsQuery, practiceSetOptionsQuery } from './queries.ts';

/** The source fields of the task form, per kind. */
export interface SourceValues {
  practice_set_id?: number | null;
  exam_id?: number | null;
  interaction_id?: number | null;
  live_room_id?: number | null;
  material_type: 'link' | 'text' | 'source';
  material_url?: string;
  material_text?: string;
  material_source_id?: number | null;
}

/** Whether rich text holds anything to read (text or a picture), not just empty paragraphs. */
function hasContent(html: string | undefined): boolean {
  if (!html) return false;
  if (/<img\b/i.test(html)) return true;
  return (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').trim() !== '';
}

/** The material's rich text in the question bank's editor (a form control: value in, onChange out). */
function MaterialRichText({
  value,
  onChange,
  label,
}: {
  value?: string;
  onChange?: (html: string) => void;
  label: string;
}) {
  return (
    <RichBox
      initial={value ?? ''}
      onChange={(html) => onChange?.(html)}
      testId="task-material-text"
      ariaLabel={label}
    />
  );
}

/** The saved task's source as form values. */
export function sourceValues(task?: TCourseTask): SourceValues {
  const material = task?.material ?? null;
  return {
    practice_set_id: task?.practice_set_id ?? undefined,
    exam_id: task?.exam_id ?? undefined,
    interaction_id: task?.interaction_id ?? undefined,
    live_room_id: task?.live_room_id ?? undefined,
    material_type: material?.type ?? 'link',
    material_url: material?.type === 'link' ? material.url : '',
    material_text: material?.type === 'text' ? material.html : '',
    material_source_id: material?.type === 'source' ? material.source_id : undefined,
  };
}

/** The form's source as the contract takes it (only the kind's own source; the others are null). */
export function sourceInput(kind: TCourseTaskKind, values: SourceValues) {
  const material: TCourseMaterial | null =
    kind !== 'material'
      ? null
      : values.material_type === 'text'
        ? { type: 'text', html: values.material_text ?? '' }
        : values.material_type === 'source'
          ? { type: 'source', source_id: values.material_source_id ?? 0 }
          : { type: 'link', url: (values.material_url ?? '').trim() };
  return {
    practice_set_id: kind === 'practice' ? (values.practice_set_id ?? null) : null,
    exam_id: kind === 'exam' || kind === 'random_exam' || kind === 'homework' ? (values.exam_id ?? null) : null,
    interaction_id: kind === 'interact' ? (values.interaction_id ?? null) : null,
    live_room_id: kind === 'live' ? (values.live_room_id ?? null) : null,
    material,
  };
}

/** The field a refused source (course_task_source_wrong) is shown on. */
export function sourceField(kind: TCourseTaskKind, materialType: SourceValues['material_type']) {
  if (kind === 'practice') return 'practice_set_id' as const;
  if (kind === 'interact') return 'interaction_id' as const;
  if (kind === 'live') return 'live_room_id' as const;
  if (kind === 'exam' || kind === 'random_exam' || kind === 'homework') return 'exam_id' as const;
  if (materialType === 'source') return 'material_source_id' as const;
  return materialType === 'text' ? ('material_text' as const) : ('material_url' as const);
}

const URL = /^https?:\/\/\S+$/i;

/**
 * The source of a task of `kind`: a link or text for material, a practice set for practice, a fixed-paper exam for
 * an exam task and a random-paper one for a random exam task, an interaction of the course for an interact task, a
 * live room of the course for a live task. `known` names the saved choice before any search.
 */
export function CourseTaskSource({
  kind,
  known,
  courseId,
}: {
  kind: TCourseTaskKind;
  known?: TCourseTask;
  courseId: number;
}) {
  const { t } = useTranslation(['courses', 'validation']);
  const required = { required: true, message: t('validation:required') };
  const form = Form.useFormInstance();
  const materialType = Form.useWatch('material_type', form) as SourceValues['material_type'] | undefined;
  if (kind === 'practice') {
    return (
      <Form.Item name="practice_set_id" label={t('source_practice_set')} rules={[required]}>
        <PracticeSetSelect known={known?.practice_set_id ? known : undefined} />
      </Form.Item>
    );
  }
  if (kind === 'interact') {
    return (
      <Form.Item
        name="interaction_id"
        label={t('source_interaction')}
        extra={t('source_interaction_help')}
        rules={[required]}
      >
        <CourseInteractionSelect courseId={courseId} known={known?.interaction_id ? known : undefined} />
      </Form.Item>
    );
  }
  if (kind === 'live') {
    return (
      <Form.Item
        name="live_room_id"
        label={t('source_live_room')}
        extra={t('source_live_room_help')}
        rules={[required]}
      >
        <CourseLiveRoomSelect courseId={courseId} known={known?.live_room_id ? known : undefined} />
      </Form.Item>
    );
  }
  if (kind === 'exam' || kind === 'random_exam' || kind === 'homework') {
    return (
      <Form.Item name="exam_id" label={t(`source_${kind}`)} extra={t(`source_${kind}_help`)} rules={[required]}>
        <ExamSelect
          mode={kind === 'exam' ? 'fixed' : kind === 'random_exam' ? 'random' : 'homework'}
          known={known?.exam_id ? known : undefined}
        />
      </Form.Item>
    );
  }
  if (kind !== 'material') return null;
  return (
    <>
      <Form.Item name="material_type" label={t('source_material')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'link', label: <span data-testid="task-material-link">{t('material_link')}</span> },
            { value: 'text', label: <span data-testid="task-material-text-type">{t('material_text')}</span> },
            { value: 'source', label: <span data-testid="task-material-source-type">{t('material_source')}</span> },
          ]}
        />
      </Form.Item>
      {materialType === 'source' ? (
        <Form.Item
          name="material_source_id"
          label={t('material_source_label')}
          extra={t('material_source_help')}
          rules={[required]}
        >
          <TeachingSourcePicker />
        </Form.Item>
      ) : materialType === 'text' ? (
        <Form.Item
          name="material_text"
          label={t('material_text_label')}
          extra={t('material_text_help')}
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                if (!hasContent(value)) throw new Error(t('validation:required'));
              },
            },
            { max: COURSE_LIMITS.materialHtml, message: t('validation:too_long') },
          ]}
        >
          <MaterialRichText label={t('material_text_label')} />
        </Form.Item>
      ) : (
        <Form.Item
          name="material_url"
          label={t('material_url')}
          rules={[
            required,
            {
              validator: async (_rule, value: string | undefined) => {
                const text = (value ?? '').trim();
                if (text && (!URL.test(text) || text.length > COURSE_LIMITS.url)) throw new Error(t('url_invalid'));
              },
            },
          ]}
        >
          <Input placeholder="https://…" maxLength={COURSE_LIMITS.url} data-testid="task-material-url" />
        </Form.Item>
      )}
    </>
  );
}

function PracticeSetSelect({
  value,
  onChange,
  known,
}: {
  value?: number | null;
  onChange?: (id: number | null) => void;
  known?: TCourseTask;
}) {
  const { t } = useTranslation('courses');
  const [keyword, setKeyword] = useState('');
  const sets = useQuery({ ...practiceSetOptionsQuery(keyword), placeholderData: keepPreviousData });
  const options = (sets.data?.list ?? []).map((s) => ({
    value: s.id,
    label: s.status === 'published' ? s.name : `${s.name} (${t(`source_status_${s.status}`)})`,
  }));
  if (known?.practice_set_id && !options.some((o) => o.value === known.practice_set_id))
    options.push({ value: known.practice_set_id, label: known.practice_set_name ?? `#${known.practice_set_id}` });
  return (
    <Select<number>
      allowClear
      value={value ?? undefined}
      onChange={(id) => onChange?.(id ?? null)}
      showSearch={{ filterOption: false, onSearch: (text) => setKeyword(text.trim()) }}
      loading={sets.isFetching}
      options={options}
      placeholder={t('source_practice_set_placeholder')}
      aria-label={t('source_practice_set')}
      notFoundContent={sets.isError ? t('sources_unavailable') : t('source_practice_sets_none')}
      data-testid="task-practice-set"
    />
  );
}

function ExamSelect({
  mode,
  value,
  onChange,
  known,
}: {
  /** A fixed-paper or random-paper exam, or a homework (any paper). */
  mode: 'fixed' | 'random' | 'homework';
  value?: number | null;
  onChange?: (id: number | null) => void;
  known?: TCourseTask;
}) {
  const { t } = useTranslation('courses');
  const [keyword, setKeyword] = useState('');
  const kind = mode === 'homework' ? 'homework' : 'exam';
  const published = useQuery({ ...examOptionsQuery('published', keyword, kind), placeholderData: keepPreviousData });
  const drafts = useQuery({ ...examOptionsQuery('draft', keyword, kind), placeholderData: keepPreviousData });
  const of = (list: { id: number; name: string; paper_mode: string }[] | undefined) =>
    (list ?? [])
      .filter((e) => mode === 'homework' || e.paper_mode === mode)
      .map((e) => ({ value: e.id, label: e.name }));
  const groups = [
    { label: t('exams_published'), options: of(published.data?.list) },
    { label: t('exams_draft'), options: of(drafts.data?.list) },
  ].filter((g) => g.options.length > 0);
  const listed = groups.some((g) => g.options.some((o) => o.value === known?.exam_id));
  if (known?.exam_id && !listed)
    groups.push({ label: t('exams_current'), options: [{ value: known.exam_id, label: known.exam_name ?? '' }] });
  return (
    <Select<number>
      allowClear
      value={value ?? undefined}
      onChange={(id) => onChange?.(id ?? null)}
      showSearch={{ filterOption: false, onSearch: (text) => setKeyword(text.trim()) }}
      loading={published.isFetching || drafts.isFetching}
      options={groups}
      placeholder={t('source_exam_placeholder')}
      aria-label={t('source_exam')}
      notFoundContent={published.isError || drafts.isError ? t('sources_unavailable') : t('source_exams_none')}
      data-testid="task-exam"
    />
  );
}
