import type { TProjectAction, TProjectDetail, TProjectStatus } from '@app/contracts';
import { PROJECT_ACTION_FROM, ZProjectName } from '@app/contracts/procedures/projects.ts';
import { useMutation } from '@tanstack/react-query';
import { App, Button, type ButtonProps, Form, Input, Modal, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf, zodRule } from '../../shared/form-rules.ts';
import { showError } from '../../shared/query-client.ts';
import {
  completeProject,
  copyProject,
  deleteProject,
  pauseProject,
  publishProject,
  recoverProject,
  restartProject,
  useProjectsChanged,
} from './queries.ts';

export const STATUS_COLORS: Record<TProjectStatus, string | undefined> = {
  draft: undefined,
  releasing: 'gold',
  auditing: 'orange',
  doing: 'processing',
  paused: 'warning',
  complete: 'success',
  deleted: 'error',
};

export function ProjectStatusTag({ status }: { status: TProjectStatus }) {
  const { t } = useTranslation('projects');
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="project-status">
      {t(`status_${status}`)}
    </Tag>
  );
}

/** The lifecycle actions the list offers for a row (the detail takes `detail.actions` from the server). */
export function actionsOf(status: TProjectStatus): TProjectAction[] {
  return (Object.keys(PROJECT_ACTION_FROM) as TProjectAction[]).filter((a) => PROJECT_ACTION_FROM[a].includes(status));
}

interface ProjectRef {
  id: number;
  name: string;
}

const CALLS = {
  publish: publishProject,
  pause: pauseProject,
  restart: restartProject,
  complete: completeProject,
  delete: deleteProject,
  recovery: recoverProject,
} as const;
type SimpleAction = keyof typeof CALLS;

/** Actions that need a confirmation naming the project first. */
const CONFIRMED: readonly SimpleAction[] = ['delete', 'complete', 'pause', 'publish'];

/** One lifecycle button: a confirmation for the weighty ones, the server's refusal in a toast. */
export function ProjectActionButton({
  project,
  action,
  size,
  onDone,
}: {
  project: ProjectRef;
  action: SimpleAction;
  size?: ButtonProps['size'];
  onDone?: (detail: TProjectDetail) => void;
}) {
  const { t } = useTranslation(['projects', 'common']);
  const { message, modal } = App.useApp();
  const changed = useProjectsChanged();
  const run = useMutation({
    mutationFn: () => CALLS[action](project.id),
    onSuccess: async (detail) => {
      void message.success(t(`done_${action}`, { name: project.name }));
      onDone?.(detail);
      await changed(detail);
    },
  });
  const click = () => {
    if (!CONFIRMED.includes(action)) return void run.mutate();
    modal.confirm({
      title: t(`confirm_${action}_title`, { name: project.name }),
      content: t(`confirm_${action}_text`),
      okText: t(`action_${action}`),
      okType: action === 'delete' ? 'danger' : 'primary',
      cancelText: t('common:cancel'),
      okButtonProps: { ...{ 'data-testid': 'project-action-confirm' } },
      onOk: () => run.mutateAsync().catch(() => undefined),
    });
  };
  return (
    <Button
      type="link"
      size={size}
      danger={action === 'delete'}
      loading={run.isPending}
      onClick={click}
      data-testid={`project-${action}-${project.id}`}
    >
      {t(`action_${action}`)}
    </Button>
  );
}

/** Copies a project into a new draft under a name the person gives (the copy's name by default). */
export function ProjectCopyButton({
  project,
  size,
  onCopied,
}: {
  project: ProjectRef;
  size?: ButtonProps['size'];
  onCopied?: (detail: TProjectDetail) => void;
}) {
  const { t } = useTranslation(['projects', 'common']);
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ name: string }>();
  const changed = useProjectsChanged();
  const copy = useMutation({
    mutationFn: (name: string) => copyProject({ id: project.id, name: name.trim() }),
    onSuccess: async (detail) => {
      void message.success(t('done_copy', { name: detail.name }));
      setOpen(false);
      onCopied?.(detail);
      await changed(detail);
    },
    onError: (error) => {
      const onFields = fieldErrorsOf(error, ['name'] as const);
      if (onFields.length) form.setFields(onFields);
      else showError(error);
    },
  });
  const defaultName = t('copy_default_name', { name: project.name }).slice(0, 30);
  return (
    <>
      <Button type="link" size={size} onClick={() => setOpen(true)} data-testid={`project-copy-${project.id}`}>
        {t('action_copy')}
      </Button>
      <Modal
        open={open}
        title={t('copy_title', { name: project.name })}
        okText={t('action_copy')}
        cancelText={t('common:cancel')}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        okButtonProps={{ htmlType: 'submit', loading: copy.isPending, ...{ 'data-testid': 'project-copy-save' } }}
        modalRender={(dom) => (
          <Form
            form={form}
            layout="vertical"
            initialValues={{ name: defaultName }}
            clearOnDestroy
            onFinish={(values) => copy.mutate(values.name)}
          >
            {dom}
          </Form>
        )}
      >
        <Form.Item name="name" label={t('name')} required extra={t('copy_hint')} rules={[zodRule(ZProjectName, t)]}>
          <Input maxLength={30} showCount data-testid="project-copy-name" />
        </Form.Item>
      </Modal>
    </>
  );
}

/** Every lifecycle action allowed now, as link buttons. */
export function ProjectActions({
  project,
  actions,
  size,
  onChanged,
  onCopied,
}: {
  project: ProjectRef;
  actions: readonly TProjectAction[];
  size?: ButtonProps['size'];
  onChanged?: (detail: TProjectDetail) => void;
  onCopied?: (detail: TProjectDetail) => void;
}) {
  return (
    <Space size={0} wrap>
      {actions.map((action) =>
        action === 'copy' ? (
          <ProjectCopyButton key={action} project={project} size={size} onCopied={onCopied} />
        ) : (
          <ProjectActionButton key={action} project={project} action={action} size={size} onDone={onChanged} />
        ),
      )}
    </Space>
  );
}
