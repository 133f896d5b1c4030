import type { TCourseChapter, TCourseTask, TCourseTaskKind } from '@app/contracts';
import {
  COURSE_LIMITS,
  COURSE_TASK_KINDS,
  COURSE_TASK_KINDS_AVAILABLE,
  COURSE_TASK_RELEASES,
} from '@app/contracts/procedures/courses.ts';
import { ZCourseTaskInput } from '@app/contracts/procedures/courses-content.ts';
import { useMutation } from '@tanstack/react-query';
import { App, Button, DatePicker, Drawer, Form, Input, InputNumber, Radio, Select, Space, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { setFormErrors } from '../../shared/FormModal.tsx';
import { zodRule } from '../../shared/form-rules.ts';
import { showError } from '../../shared/query-client.ts';
import { useIsPhone } from '../../shared/use-is-phone.ts';
import { CourseExamBuildLink } from './CourseExamLinks.tsx';
import { CourseSelfTestField } from './CourseSelfTestField.tsx';
import { CourseTaskSource, type SourceValues, sourceField, sourceInput, sourceValues } from './CourseTaskSource.tsx';
import { saveCourseTask } from './queries.ts';

const AVAILABLE: readonly TCourseTaskKind[] = COURSE_TASK_KINDS_AVAILABLE;

interface Values extends SourceValues {
  kind: TCourseTaskKind;
  title: string;
  chapter_id: number;
  open_at: Dayjs | null;
  due_at: Dayjs | null;
  weight: number;
  release: (typeof COURSE_TASK_RELEASES)[number];
  self_test_question_ids?: number[];
}

const FIELDS = [
  'kind',
  'title',
  'chapter_id',
  'open_at',
  'due_at',
  'weight',
  'release',
  'practice_set_id',
  'exam_id',
  'interaction_id',
  'live_room_id',
  'material_url',
  'material_text',
  'self_test_question_ids',
] as const;

/**
 * Adds a task at the end of a chapter, or changes one (moving it to the end of another chapter when another is
 * chosen): its kind (those not available yet shown disabled), title, open and due times, weight in the course score,
 * release rule, and its source.
 */
export function CourseTaskDrawer({
  courseId,
  chapters,
  chapterId,
  task,
  onClose,
  onSaved,
}: {
  courseId: number;
  chapters: readonly TCourseChapter[];
  chapterId: number;
  /** Absent: a new task. */
  task?: TCourseTask;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(['courses', 'common', 'validation']);
  const { message } = App.useApp();
  const phone = useIsPhone();
  const [form] = Form.useForm<Values>();
  const kind = (Form.useWatch('kind', form) ?? task?.kind ?? 'material') as TCourseTaskKind;

  const save = useMutation({
    mutationFn: (values: Values) =>
      saveCourseTask({
        ...(task ? { id: task.id } : {}),
        chapter_id: values.chapter_id,
        kind: values.kind,
        title: values.title.trim(),
        open_at: values.open_at ? values.open_at.toISOString() : null,
        due_at: values.due_at ? values.due_at.toISOString() : null,
        weight: values.weight ?? 0,
        release: values.release,
        ...sourceInput(values.kind, values),
        self_test_question_ids: values.kind === 'material' ? (values.self_test_question_ids ?? []) : [],
      }),
    onSuccess: () => {
      void message.success(t(task ? 'task_saved' : 'task_created'));
      onSaved();
    },
    onError: (error) => {
      const values = form.getFieldsValue(true) as Values;
      const taken = {
        course_task_time_invalid: 'due_at' as const,
        course_task_source_wrong: sourceField(values.kind, values.material_type),
        course_task_kind_unavailable: 'kind' as const,
        course_self_test_question_unusable: 'self_test_question_ids' as const,
      };
      if (!setFormErrors(form, error, FIELDS, taken)) showError(error);
    },
  });

  return (
    <Drawer
      open
      size={phone ? '100%' : 640}
      title={task ? t('task_edit_title', { name: task.title }) : t('task_create_title')}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="task-save">
            {t('common:save')}
          </Button>
          <Button onClick={onClose} data-testid="task-cancel">
            {t('common:cancel')}
          </Button>
        </Space>
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          kind: task?.kind ?? 'material',
          title: task?.title ?? '',
          chapter_id: task?.chapter_id ?? chapterId,
          open_at: task?.open_at ? dayjs(task.open_at) : null,
          due_at: task?.due_at ? dayjs(task.due_at) : null,
          weight: task?.weight ?? 0,
          release: task?.release ?? 'at_open',
          ...sourceValues(task),
          self_test_question_ids: task?.self_test_questions.map((question) => question.id) ?? [],
        }}
        onValuesChange={(changed: Partial<Values>) => {
          // An exam task takes a fixed-paper exam, a random exam task a random-paper one: a kind change drops it.
          if ('kind' in changed) form.setFieldValue('exam_id', undefined);
        }}
        // Every value, also those without a field on screen (a new task's chapter is not shown).
        onFinish={() => save.mutate(form.getFieldsValue(true) as Values)}
      >
        <Form.Item name="kind" label={t('task_kind')}>
          <Radio.Group
            optionType="button"
            options={COURSE_TASK_KINDS.map((k) => ({
              value: k,
              disabled: !AVAILABLE.includes(k),
              label: AVAILABLE.includes(k) ? (
                <span data-testid={`task-kind-${k}`}>{t(`kind_${k}`)}</span>
              ) : (
                <Tooltip title={t('kind_coming')}>
                  <span data-testid={`task-kind-${k}`}>{t('kind_coming_label', { kind: t(`kind_${k}`) })}</span>
                </Tooltip>
              ),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="title"
          label={t('task_title')}
          rules={[zodRule(ZCourseTaskInput.shape.title, t)]}
          extra={t('name_help', { max: COURSE_LIMITS.taskTitle })}
        >
          <Input maxLength={COURSE_LIMITS.taskTitle} showCount data-testid="task-title" />
        </Form.Item>
        <CourseTaskSource kind={kind} known={task?.kind === kind ? task : undefined} courseId={courseId} />
        {kind === 'material' && <CourseSelfTestField known={task} />}
        {!task && (kind === 'exam' || kind === 'random_exam' || kind === 'homework') && (
          <CourseExamBuildLink kind={kind} chapterId={chapterId} onLeave={onClose} />
        )}
        {task && (
          <Form.Item name="chapter_id" label={t('task_chapter')} extra={t('task_chapter_help')}>
            <Select
              options={chapters.map((c) => ({ value: c.id, label: `${c.seq}. ${c.title}` }))}
              aria-label={t('task_chapter')}
              data-testid="task-chapter"
            />
          </Form.Item>
        )}
        <Space wrap size="large" align="start">
          <Form.Item name="open_at" label={t('open_at')} extra={t('open_at_help')}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" data-testid="task-open-at" />
          </Form.Item>
          <Form.Item
            name="due_at"
            label={t('due_at')}
            extra={t('due_at_help')}
            dependencies={['open_at']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_rule, value: Dayjs | null) => {
                  const open = getFieldValue('open_at') as Dayjs | null;
                  if (value && open && value.isBefore(open)) throw new Error(t('due_before_open'));
                },
              }),
            ]}
          >
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" data-testid="task-due-at" />
          </Form.Item>
        </Space>
        <Form.Item
          name="weight"
          label={t('weight')}
          extra={t('weight_help')}
          rules={[{ required: true, message: t('validation:required') }]}
        >
          <InputNumber min={0} max={100} precision={0} data-testid="task-weight" />
        </Form.Item>
        <Form.Item name="release" label={t('release')} extra={t('release_help')}>
          <Radio.Group data-testid="task-release">
            <Space orientation="vertical">
              {COURSE_TASK_RELEASES.map((r) => (
                <Radio key={r} value={r}>
                  <span data-testid={`task-release-${r}`}>{t(`release_${r}`)}</span>
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
      </Form>
    </Drawer>
  );
}
