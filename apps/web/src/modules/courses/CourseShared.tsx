import type { TCourseCategoryNode, TCourseRole, TCourseStatus } from '@app/contracts';
import { COURSE_STATUSES } from '@app/contracts/procedures/courses.ts';
import { type App, Tag } from 'antd';
import type { TFunction } from 'i18next';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api.ts';
import { formatDay } from '../../shared/format.ts';
import { showError } from '../../shared/query-client.ts';

/** The teacher list's tabs: every course, or those of one status. */
export const COURSE_LIST_TABS = ['all', ...COURSE_STATUSES] as const;
export type CourseListTab = (typeof COURSE_LIST_TABS)[number];

/** The editor's tabs, in their order. */
export const COURSE_EDITOR_TABS = ['info', 'chapters', 'team', 'interact', 'maps'] as const;
export type CourseEditorTab = (typeof COURSE_EDITOR_TABS)[number];

export const courseListPath = (tab: CourseListTab = 'all') => `/course/teacher-list/${tab}`;
export const courseEditorPath = (id: number, tab: CourseEditorTab = 'info') => `/teacher/course/detail/${tab}?id=${id}`;

const STATUS_COLOR: Record<TCourseStatus, string | undefined> = {
  draft: undefined,
  online: 'green',
  offline: 'orange',
  archived: 'default',
};

export function CourseStatusTag({ status, testId }: { status: TCourseStatus; testId?: string }) {
  const { t } = useTranslation('courses');
  return (
    <Tag color={STATUS_COLOR[status]} data-testid={testId}>
      {t(`status_${status}`)}
    </Tag>
  );
}

const ROLE_COLOR: Record<TCourseRole, string> = { manager: 'purple', owner: 'blue', editor: 'cyan', viewer: 'default' };

export function CourseRoleTag({ role }: { role: TCourseRole }) {
  const { t } = useTranslation('courses');
  return <Tag color={ROLE_COLOR[role]}>{t(`role_${role}`)}</Tag>;
}

/** Whether the caller runs the course: its fields, team, classes and state (the owner and managers). */
export const runsCourse = (role: TCourseRole) => role === 'owner' || role === 'manager';

/** Whether the caller may change the course's chapters and tasks now (not archived, not a viewer). */
export const editsContent = (course: { my_role: TCourseRole; status: TCourseStatus }) =>
  course.status !== 'archived' && course.my_role !== 'viewer';

/** A table row's props naming it for browser tests (`onRow={(row) => rowTestId(`course-row-${row.id}`)}`). */
export function rowTestId(testId: string): HTMLAttributes<HTMLElement> {
  const props: HTMLAttributes<HTMLElement> & { 'data-testid': string } = { 'data-testid': testId };
  return props;
}

/** "2025-09-01 – 2026-01-15", or a dash when neither date is set. */
export function datesText(startsOn: string | null, endsOn: string | null): string {
  if (!startsOn && !endsOn) return '—';
  return `${formatDay(startsOn)} – ${formatDay(endsOn)}`;
}

export interface CategoryOption {
  value: number;
  title: string;
  disabled?: boolean;
  children: CategoryOption[];
}

/** The category tree as TreeSelect data; `disabledBelow` disables a category and everything under it. */
export function categoryTreeData(nodes: readonly TCourseCategoryNode[], disabledBelow?: number): CategoryOption[] {
  const walk = (list: readonly TCourseCategoryNode[], disabled: boolean): CategoryOption[] =>
    list.map((node) => {
      const off = disabled || node.id === disabledBelow;
      return { value: node.id, title: node.name, disabled: off || undefined, children: walk(node.children, off) };
    });
  return walk(nodes, false);
}

/**
 * Confirms a delete, then deletes; when students have worked on the chapter or task (course_work_exists) asks once
 * more and deletes with their work (`force`). Other refusals are shown.
 */
export function confirmDelete({
  modal,
  t,
  title,
  content,
  run,
  onDone,
}: {
  modal: ReturnType<typeof App.useApp>['modal'];
  t: TFunction;
  title: string;
  content?: string;
  run: (force: boolean) => Promise<unknown>;
  onDone: () => unknown;
}) {
  const attempt = async (force: boolean) => {
    try {
      await run(force);
      await onDone();
    } catch (error) {
      if (!force && error instanceof ApiError && error.code === 'course_work_exists') {
        modal.confirm({
          title: t('courses:force_delete_title'),
          content: t('courses:force_delete_text'),
          okText: t('courses:force_delete'),
          okType: 'danger',
          cancelText: t('common:cancel'),
          okButtonProps: { ...{ 'data-testid': 'course-force-delete-ok' } },
          onOk: () => attempt(true),
        });
      } else showError(error);
    }
  };
  modal.confirm({
    title,
    content,
    okText: t('courses:delete'),
    okType: 'danger',
    cancelText: t('common:cancel'),
    okButtonProps: { ...{ 'data-testid': 'course-confirm-ok' } },
    onOk: () => attempt(false),
  });
}
