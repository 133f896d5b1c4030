import type { TLiveRoomRow, TLiveRoomStatus } from '@app/contracts';
import { LIVE_ROOM_STATUSES } from '@app/contracts/procedures/live-rooms.ts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Select, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmLink, CreateButton, ListToolbar, SearchInput } from '../../shared/ListToolbar.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { showError } from '../../shared/query-client.ts';
import { ResponsiveTable } from '../../shared/ResponsiveTable.tsx';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { AttendanceDrawer } from './AttendanceDrawer.tsx';
import { LiveRoomFormModal } from './LiveRoomFormModal.tsx';
import { classNames, RecordingTag, RoomStatusTag, rowTestId, useRoomTime } from './LiveRoomShared.tsx';
import {
  deleteRoom,
  type HostListFilter,
  hostRoomsQuery,
  liveRoomPath,
  startRoom,
  useLiveRoomsChanged,
} from './queries.ts';
import { useAnyLiveRoomPush } from './use-live-room-push.ts';

/**
 * `/liveroom-manager`: the rooms the caller hosts or co-hosts (a course manager: every room of the organisation),
 * soonest first, by status and keyword; schedule or edit a room, start it or enter it while live, read its attendance,
 * delete it (not while live) after a confirmation.
 */
export function LiveRoomManagerPage() {
  // `courses` loads with the page: the form's co-host picker speaks it (no wait when the form opens).
  const { t } = useTranslation(['live-rooms', 'common', 'courses']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const timeOf = useRoomTime();
  const { filter, refilter, paging, setPaging } = useListFilter<HostListFilter>();
  const list = useQuery({ ...hostRoomsQuery(filter, paging), placeholderData: keepPreviousData });
  const changed = useLiveRoomsChanged();
  // A co-host starting or ending a room elsewhere changes this list too.
  useAnyLiveRoomPush(() => void changed());
  const [editing, setEditing] = useState<{ key: number; room: TLiveRoomRow | null } | null>(null);
  const [attendance, setAttendance] = useState<TLiveRoomRow | null>(null);
  const start = useMutation({
    mutationFn: startRoom,
    onSuccess: (view) => {
      void changed();
      void navigate(liveRoomPath(view.id, true));
    },
    onError: showError,
  });
  const remove = useMutation({
    mutationFn: deleteRoom,
    onSuccess: () => {
      void message.success(t('deleted'));
      void changed();
    },
    onError: showError,
  });

  if (list.isError && !list.data) return <LoadFailed error={list.error} onRetry={() => list.refetch()} />;
  const emptyText = list.isLoading
    ? t('common:loading')
    : filter.keyword || filter.status
      ? t('empty_filtered')
      : t('empty_hosted');

  return (
    <Card title={t('manager_title')} data-testid="live-manager">
      <ListToolbar
        actions={
          <CreateButton
            label={t('create')}
            onClick={() => setEditing({ key: Date.now(), room: null })}
            testId="live-room-create"
          />
        }
      >
        <SearchInput
          placeholder={t('search_placeholder')}
          onSearch={(keyword) => refilter({ keyword })}
          testId="live-room-search"
        />
        <Select<TLiveRoomStatus>
          allowClear
          value={filter.status}
          onChange={(status) => refilter({ status })}
          placeholder={t('status_all')}
          aria-label={t('status_filter')}
          options={LIVE_ROOM_STATUSES.map((status) => ({ value: status, label: t(`status_${status}`) }))}
          style={{ width: 160 }}
          data-testid="live-room-status-filter"
        />
      </ListToolbar>
      <ResponsiveTable<TLiveRoomRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        locale={{ emptyText }}
        pagination={serverPagination(t, paging, list.data?.total, setPaging)}
        scroll={{ x: 1100 }}
        onRow={(row) => rowTestId(`live-room-row-${row.id}`)}
        data-testid="live-room-table"
        columns={[
          {
            title: t('title'),
            dataIndex: 'title',
            width: 170,
            ellipsis: true,
            phone: 'title',
            render: (title: string, row) => (
              <Tooltip title={row.description || undefined}>
                <span data-user-content>{title}</span>
              </Tooltip>
            ),
          },
          {
            title: t('course'),
            dataIndex: 'course_name',
            width: 130,
            ellipsis: true,
            render: (name: string | null) => name ?? t('no_course'),
          },
          {
            title: t('time'),
            width: 170,
            render: (_: unknown, row) => <Typography.Text>{timeOf(row)}</Typography.Text>,
          },
          { title: t('classes'), width: 150, ellipsis: true, render: (_: unknown, row) => classNames(row) },
          {
            title: t('status'),
            dataIndex: 'status',
            width: 130,
            render: (status: TLiveRoomStatus, row) => (
              <Space orientation="vertical" size={2}>
                <RoomStatusTag status={status} testId={`live-room-status-${row.id}`} />
                <RecordingTag room={row} linked compact />
              </Space>
            ),
          },
          {
            title: t('attendees_students'),
            width: 110,
            render: (_: unknown, row) => `${row.attendee_count} / ${row.student_count}`,
          },
          {
            title: t('common:actions'),
            width: 230,
            fixed: 'right',
            phone: 'actions',
            render: (_: unknown, row) => (
              <Space size={0} wrap>
                {row.status === 'scheduled' ? (
                  <Button
                    type="link"
                    size="small"
                    loading={start.isPending && start.variables === row.id}
                    onClick={() => start.mutate(row.id)}
                    data-testid={`live-room-start-${row.id}`}
                  >
                    {t('start')}
                  </Button>
                ) : row.status === 'live' ? (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => navigate(liveRoomPath(row.id, true))}
                    data-testid={`live-room-enter-${row.id}`}
                  >
                    {t('enter')}
                  </Button>
                ) : null}
                <Button
                  type="link"
                  size="small"
                  disabled={row.status === 'ended'}
                  onClick={() => setEditing({ key: Date.now(), room: row })}
                  data-testid={`live-room-edit-${row.id}`}
                >
                  {t('edit')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  onClick={() => setAttendance(row)}
                  data-testid={`live-room-attendance-${row.id}`}
                >
                  {t('attendance')}
                </Button>
                <ConfirmLink
                  title={t('delete_confirm', { title: row.title })}
                  label={t('delete')}
                  cancelText={t('common:cancel')}
                  danger
                  disabled={row.status === 'live'}
                  onConfirm={() => remove.mutateAsync(row.id).catch(() => undefined)}
                  testId={`live-room-delete-${row.id}`}
                />
              </Space>
            ),
          },
        ]}
      />
      {editing ? (
        <LiveRoomFormModal
          key={editing.key}
          room={editing.room}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void changed();
          }}
        />
      ) : null}
      <AttendanceDrawer room={attendance} onClose={() => setAttendance(null)} />
    </Card>
  );
}
