import type { TCourseDetail, TInteractionRow, TInteractionRunMode } from '@app/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Checkbox, Empty, Modal, Popconfirm, Radio, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { showError } from '../../shared/query-client.ts';
import {
  deleteInteraction,
  interactionEditorPath,
  interactionListQuery,
  runRecordsPath,
  startRun,
  teacherRunPath,
  useInteractionsChanged,
} from './queries.ts';

/**
 * The course editor's "interactive answering" tab: the course's interactions with how often each ran, to write,
 * start for some of the course's classes (the course must be online), open the one running, delete; and the records.
 */
export function CourseInteractionsPanel({ course, editable }: { course: TCourseDetail; editable: boolean }) {
  const { t } = useTranslation(['interactions', 'common']);
  const list = useQuery(interactionListQuery(course.id));
  const changed = useInteractionsChanged();
  const [starting, setStarting] = useState<TInteractionRow | null>(null);
  const remove = useMutation({ mutationFn: deleteInteraction, onSuccess: () => changed(), onError: showError });

  if (list.isError && !list.data) return <LoadFailed error={list.error} onRetry={() => list.refetch()} />;
  if (!list.data) return <Skeleton active paragraph={{ rows: 4 }} />;
  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        {editable ? (
          <Link to={interactionEditorPath(course.id)}>
            <Button type="primary" data-testid="interaction-new">
              {t('new_interaction')}
            </Button>
          </Link>
        ) : null}
        <Link to={runRecordsPath(course.id)}>{t('records')}</Link>
      </Space>
      <Table<TInteractionRow>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={list.data.list}
        locale={{ emptyText: <Empty description={t('no_interactions')} /> }}
        scroll={{ x: 640 }}
        columns={[
          { key: 'title', title: t('title'), dataIndex: 'title', ellipsis: true },
          { key: 'count', title: t('questions'), dataIndex: 'question_count', width: 90, align: 'right' },
          { key: 'runs', title: t('runs'), dataIndex: 'run_count', width: 90, align: 'right' },
          {
            key: 'state',
            title: t('state'),
            width: 110,
            render: (_v, row) => (row.open_run_id ? <Tag color="processing">{t('running')}</Tag> : null),
          },
          {
            key: 'actions',
            title: t('common:actions'),
            width: 260,
            render: (_v, row) => (
              <Space size={0} wrap>
                {row.open_run_id ? (
                  <Link to={teacherRunPath(row.open_run_id)}>
                    <Button type="link" size="small" data-testid={`interaction-open-${row.id}`}>
                      {t('open_run')}
                    </Button>
                  </Link>
                ) : editable ? (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setStarting(row)}
                    data-testid={`interaction-start-${row.id}`}
                  >
                    {t('start')}
                  </Button>
                ) : null}
                {editable ? (
                  <Link to={interactionEditorPath(course.id, row.id)}>
                    <Button type="link" size="small">
                      {t('edit')}
                    </Button>
                  </Link>
                ) : null}
                {editable && !row.open_run_id ? (
                  <Popconfirm
                    title={t('delete_confirm', { name: row.title })}
                    onConfirm={() => remove.mutateAsync(row.id)}
                  >
                    <Button type="link" size="small" danger>
                      {t('remove')}
                    </Button>
                  </Popconfirm>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      {starting ? <StartRunModal course={course} interaction={starting} onClose={() => setStarting(null)} /> : null}
    </>
  );
}

/**
 * Chooses the classes of the course to run an interaction for (all of them by default) and the mode (live: one
 * question at a time; self-paced: all at once), then opens the live page.
 */
function StartRunModal({
  course,
  interaction,
  onClose,
}: {
  course: TCourseDetail;
  interaction: TInteractionRow;
  onClose: () => void;
}) {
  const { t } = useTranslation(['interactions', 'common']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const changed = useInteractionsChanged();
  const [classIds, setClassIds] = useState<number[]>(course.classes.map((c) => c.id));
  const [mode, setMode] = useState<TInteractionRunMode>('live');
  const start = useMutation({
    mutationFn: () => startRun(interaction.id, classIds, mode),
    onSuccess: (live) => {
      void message.success(t('started'));
      // The course's page stays open in its tab: the dialog closes before the live page opens.
      onClose();
      void changed();
      void navigate(teacherRunPath(live.run_id));
    },
    onError: showError,
  });
  return (
    <Modal
      open
      title={t('start_title', { name: interaction.title })}
      okText={t('start')}
      onOk={() => start.mutate()}
      okButtonProps={{
        disabled: classIds.length === 0,
        loading: start.isPending,
        ...{ 'data-testid': 'interaction-start-ok' },
      }}
      onCancel={onClose}
    >
      {course.status !== 'online' ? <p>{t('course_offline_hint')}</p> : null}
      <Radio.Group
        value={mode}
        onChange={(event) => setMode(event.target.value as TInteractionRunMode)}
        options={[
          { value: 'live', label: <span data-testid="interaction-mode-live">{t('mode_live')}</span> },
          { value: 'self_paced', label: <span data-testid="interaction-mode-self_paced">{t('mode_self_paced')}</span> },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t(`mode_${mode}_help`)}
      </Typography.Paragraph>
      {course.classes.length === 0 ? (
        <Empty description={t('no_classes')} />
      ) : (
        <Checkbox.Group
          value={classIds}
          onChange={(ids) => setClassIds(ids as number[])}
          options={course.classes.map((c) => ({ value: c.id, label: c.name }))}
        />
      )}
    </Modal>
  );
}
