import type { TLiveRoomRow } from '@app/contracts';
import { LIVE_ROOM_LIMITS } from '@app/contracts/procedures/live-rooms.ts';
import { useMutation } from '@tanstack/react-query';
import { App, DatePicker, Form, Input, InputNumber, Space, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormModal, setFormErrors } from '../../shared/FormModal.tsx';
import { showError } from '../../shared/query-client.ts';
import { useSession } from '../../shared/session/session-context.tsx';
import { CourseTeacherSelect } from '../courses/index.ts';
import { createRoom, updateRoom } from './queries.ts';
import { RoomClassSelect, RoomCourseSelect } from './RoomPickers.tsx';

interface Values {
  title: string;
  description: string;
  course_id: number | null;
  class_ids: number[];
  co_host_ids: number[];
  starts_at: Dayjs;
  minutes: number;
  record: boolean;
}
const FIELDS = ['title', 'description', 'course_id', 'class_ids', 'co_host_ids', 'starts_at', 'minutes'] as const;

function valuesOf(room: TLiveRoomRow | null): Values {
  if (!room) {
    return {
      title: '',
      description: '',
      course_id: null,
      class_ids: [],
      co_host_ids: [],
      // The next full hour: the usual start of a class.
      starts_at: dayjs().add(1, 'hour').startOf('hour'),
      minutes: 45,
      record: false,
    };
  }
  return {
    title: room.title,
    description: room.description,
    course_id: room.course_id,
    class_ids: room.classes.map((c) => c.id),
    co_host_ids: room.co_hosts.map((c) => c.id),
    starts_at: dayjs(room.starts_at),
    minutes: room.minutes,
    record: room.record,
  };
}

/**
 * Schedules a room or changes one not yet ended: title, description, a course (optional: its classes only may be
 * invited), the classes, co-hosts, the start and length, and whether it is recorded. A live room keeps its course.
 */
export function LiveRoomFormModal({
  room,
  onClose,
  onSaved,
}: {
  room: TLiveRoomRow | null;
  onClose: () => void;
  onSaved: (room: TLiveRoomRow) => void;
}) {
  const { t } = useTranslation('live-rooms');
  const { message } = App.useApp();
  const myId = useSession().detail.user.id;
  const [form] = Form.useForm<Values>();
  const courseId = Form.useWatch('course_id', form) ?? null;
  const save = useMutation({
    mutationFn: (values: Values) => {
      const input = {
        title: values.title,
        description: values.description ?? '',
        course_id: values.course_id ?? null,
        class_ids: values.class_ids,
        co_host_ids: values.co_host_ids ?? [],
        starts_at: values.starts_at.toISOString(),
        minutes: values.minutes,
        record: values.record,
      };
      return room ? updateRoom({ id: room.id, ...input }) : createRoom(input);
    },
    onSuccess: (saved) => {
      void message.success(room ? t('saved') : t('created'));
      onSaved(saved);
    },
    onError: (error) => {
      const taken = { live_room_class_wrong: 'class_ids', course_teacher_invalid: 'co_host_ids' } as const;
      if (!setFormErrors(form, error, FIELDS, taken)) showError(error);
    },
  });

  return (
    <FormModal<Values>
      form={form}
      title={room ? t('edit_title') : t('create_title')}
      okText={room ? undefined : t('create_ok')}
      saving={save.isPending}
      saveTestId="live-room-save"
      width={640}
      initialValues={valuesOf(room)}
      onFinish={(values) => save.mutate(values)}
      onClose={onClose}
    >
      <Form.Item
        name="title"
        label={t('title')}
        rules={[{ required: true, whitespace: true, message: t('title_required') }]}
      >
        <Input maxLength={LIVE_ROOM_LIMITS.title} showCount data-testid="live-room-title" />
      </Form.Item>
      <Form.Item name="description" label={t('description')}>
        <Input.TextArea
          rows={3}
          maxLength={LIVE_ROOM_LIMITS.description}
          showCount
          data-testid="live-room-description"
        />
      </Form.Item>
      <Form.Item
        name="course_id"
        label={t('course')}
        extra={room?.status === 'live' ? t('course_locked') : t('course_help')}
      >
        <RoomCourseSelect
          known={room?.course_id ? { id: room.course_id, name: room.course_name ?? String(room.course_id) } : null}
          disabled={room?.status === 'live'}
          onPicked={() => form.setFieldValue('class_ids', [])}
        />
      </Form.Item>
      <Form.Item
        name="class_ids"
        label={t('classes')}
        extra={courseId ? t('classes_of_course') : undefined}
        rules={[
          { required: true, type: 'array', min: 1, message: t('classes_required') },
          {
            type: 'array',
            max: LIVE_ROOM_LIMITS.classes,
            message: t('classes_max', { count: LIVE_ROOM_LIMITS.classes }),
          },
        ]}
      >
        <RoomClassSelect courseId={courseId} known={room?.classes ?? []} />
      </Form.Item>
      <Form.Item
        name="co_host_ids"
        label={t('co_hosts')}
        rules={[
          {
            type: 'array',
            max: LIVE_ROOM_LIMITS.coHosts,
            message: t('co_hosts_max', { count: LIVE_ROOM_LIMITS.coHosts }),
          },
        ]}
      >
        <CourseTeacherSelect
          multiple
          exclude={[room?.host.id ?? myId]}
          labels={room?.co_hosts ?? []}
          testId="live-room-co-hosts"
        />
      </Form.Item>
      <Space wrap size="large" align="start">
        <Form.Item
          name="starts_at"
          label={t('starts_at_label')}
          rules={[{ required: true, message: t('starts_at_required') }]}
        >
          <DatePicker
            showTime={{ format: 'HH:mm', minuteStep: 5 }}
            format="YYYY-MM-DD HH:mm"
            allowClear={false}
            data-testid="live-room-starts-at"
          />
        </Form.Item>
        <Form.Item name="minutes" label={t('minutes')} rules={[{ required: true, message: t('minutes_required') }]}>
          <InputNumber
            min={5}
            max={LIVE_ROOM_LIMITS.minutes}
            step={5}
            precision={0}
            suffix={t('minutes_unit')}
            style={{ width: 140 }}
            data-testid="live-room-minutes"
          />
        </Form.Item>
        <Form.Item name="record" label={t('record')} valuePropName="checked" extra={t('record_help')}>
          <Switch data-testid="live-room-record" />
        </Form.Item>
      </Space>
    </FormModal>
  );
}
