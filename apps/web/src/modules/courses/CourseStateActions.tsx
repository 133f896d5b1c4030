import { CopyOutlined, DeleteOutlined, InboxOutlined, SwapOutlined } from '@ant-design/icons';
import type { TCourseDetail, TCourseRow } from '@app/contracts';
import { COURSE_MANAGE_ALL_KEY } from '@app/contracts/procedures/courses.ts';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../shared/query-client.ts';
import { useMayCall } from '../../shared/session/session-context.tsx';
import { runsCourse } from './CourseShared.tsx';
import { CourseTransferModal } from './CourseTransferModal.tsx';
import {
  type CourseStateAction,
  changeCourseState,
  copyCourse,
  deleteCourse,
  useCourseSaved,
  useCoursesChanged,
} from './queries.ts';

type Course = Pick<TCourseRow, 'id' | 'name' | 'status' | 'my_role' | 'owner_id' | 'owner_name'>;

/** The state moves a course of `status` allows (docs/courses.md): draft → online ⇄ offline; any of them → archived. */
const MOVES: Record<TCourseRow['status'], CourseStateAction[]> = {
  draft: ['online', 'archive'],
  online: ['offline', 'archive'],
  offline: ['online', 'archive'],
  archived: [],
};

/**
 * A course's actions, as links in a list row or buttons in the editor's header: copy (anyone who sees it), online,
 * offline and archive after a confirmation and delete (drafts and archived courses) behind a danger confirmation
 * (the owner and managers), transfer (managers). The server's refusals (course_no_classes, ...) are shown.
 */
export function CourseStateActions({
  course,
  variant,
  onCopied,
  onDeleted,
}: {
  course: Course;
  variant: 'link' | 'button';
  onCopied?: (copy: TCourseDetail) => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation(['courses', 'common']);
  const { message, modal } = App.useApp();
  const manager = useMayCall(COURSE_MANAGE_ALL_KEY);
  const saved = useCourseSaved();
  const changed = useCoursesChanged();
  const [transferring, setTransferring] = useState(false);

  const move = useMutation({
    mutationFn: (action: CourseStateAction) => changeCourseState(action, course.id),
    onSuccess: async (detail, action) => {
      void message.success(t(`${action}_done`));
      await saved(detail);
    },
    onError: (error) => showError(error),
  });
  const copy = useMutation({
    mutationFn: () => copyCourse(course.id),
    onSuccess: async (detail) => {
      void message.success(t('copy_done', { name: detail.name }));
      await changed();
      onCopied?.(detail);
    },
    onError: (error) => showError(error),
  });
  const remove = useMutation({
    mutationFn: () => deleteCourse(course.id),
    onSuccess: async () => {
      void message.success(t('delete_done'));
      onDeleted?.();
      await changed();
    },
    onError: (error) => showError(error),
  });

  const confirm = (action: CourseStateAction | 'delete') =>
    modal.confirm({
      title: t(`${action}_confirm`, { name: course.name }),
      content: t(`${action}_confirm_text`),
      okText: t(action),
      okType: action === 'delete' ? 'danger' : 'primary',
      cancelText: t('common:cancel'),
      okButtonProps: { ...{ 'data-testid': 'course-confirm-ok' } },
      onOk: () => (action === 'delete' ? remove.mutateAsync() : move.mutateAsync(action)).catch(() => undefined),
    });

  const link = variant === 'link';
  const button = (key: string, label: string, onClick: () => void, extra: { icon?: ReactNode; danger?: boolean }) => (
    <Button
      key={key}
      type={link ? 'link' : 'default'}
      size={link ? 'small' : 'middle'}
      danger={extra.danger}
      icon={link ? undefined : extra.icon}
      onClick={onClick}
      loading={
        (key === 'copy' && copy.isPending) ||
        (key === 'delete' && remove.isPending) ||
        (move.isPending && move.variables === key)
      }
      data-testid={`course-${key}-${course.id}`}
    >
      {label}
    </Button>
  );

  const runs = runsCourse(course.my_role);
  const buttons: ReactNode[] = [];
  if (runs) {
    for (const action of MOVES[course.status]) {
      const icon = action === 'archive' ? <InboxOutlined /> : undefined;
      buttons.push(button(action, t(action), () => confirm(action), { icon }));
    }
  }
  buttons.push(button('copy', t('copy'), () => copy.mutate(), { icon: <CopyOutlined /> }));
  if (manager) buttons.push(button('transfer', t('transfer'), () => setTransferring(true), { icon: <SwapOutlined /> }));
  if (runs && (course.status === 'draft' || course.status === 'archived')) {
    buttons.push(button('delete', t('delete'), () => confirm('delete'), { icon: <DeleteOutlined />, danger: true }));
  }

  return (
    <>
      <Space size={link ? 0 : 'small'} wrap>
        {buttons}
      </Space>
      {transferring && (
        <CourseTransferModal
          course={course}
          onClose={() => setTransferring(false)}
          onDone={async (detail) => {
            setTransferring(false);
            await saved(detail);
          }}
        />
      )}
    </>
  );
}
