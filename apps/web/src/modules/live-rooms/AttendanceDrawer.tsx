import type { TLiveRoomRow } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Empty, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiOutput } from '../../shared/api.ts';
import { formatTime } from '../../shared/format.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { localPagination } from '../../shared/list-paging.ts';
import { useIsPhone } from '../../shared/use-is-phone.ts';
import { attendanceQuery } from './queries.ts';

type AttendanceRow = ApiOutput<'/live-room/attendance'>['list'][number];

/**
 * A room's attendance (hosts): every invited student, whether they came, their first join and last leave, minutes
 * in the room over all their stays, and whether they are in now.
 */
export function AttendanceDrawer({ room, onClose }: { room: TLiveRoomRow | null; onClose: () => void }) {
  const { t } = useTranslation(['live-rooms', 'common']);
  const phone = useIsPhone();
  const rows = useQuery({ ...attendanceQuery(room?.id ?? 0), enabled: room !== null });
  const list = rows.data?.list ?? [];
  const came = list.filter((row) => row.joined).length;
  return (
    <Drawer
      open={room !== null}
      onClose={onClose}
      size={phone ? '100%' : 960}
      title={room ? t('attendance_title', { title: room.title }) : null}
      destroyOnHidden
      data-testid="live-attendance"
    >
      {rows.isError && !rows.data ? (
        <LoadFailed error={rows.error} onRetry={() => void rows.refetch()} />
      ) : (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          {rows.data ? (
            <Typography.Text data-testid="live-attendance-summary">
              {t('attendance_summary', { came, count: list.length })}
            </Typography.Text>
          ) : null}
          <Table<AttendanceRow>
            rowKey="user_id"
            size="small"
            loading={rows.isFetching}
            dataSource={list}
            pagination={list.length > 20 ? { ...localPagination(t), defaultPageSize: 20 } : false}
            scroll={{ x: 880 }}
            locale={{
              emptyText: rows.isLoading ? (
                t('common:loading')
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('attendance_empty')} />
              ),
            }}
            columns={[
              {
                title: t('student'),
                width: 170,
                render: (_: unknown, row) => (
                  <span data-user-content>{row.nickname ? `${row.nickname} (${row.username})` : row.username}</span>
                ),
              },
              { title: t('class'), dataIndex: 'class_name', width: 120, ellipsis: true },
              {
                title: t('attended'),
                dataIndex: 'joined',
                width: 90,
                render: (joined: boolean) =>
                  joined ? <Tag color="green">{t('attended_yes')}</Tag> : <Tag>{t('attended_no')}</Tag>,
              },
              { title: t('minutes_in_room'), dataIndex: 'minutes', width: 90, align: 'right' },
              { title: t('stays'), dataIndex: 'stays', width: 80, align: 'right' },
              { title: t('first_join'), dataIndex: 'first_joined_at', width: 140, render: formatTime },
              { title: t('last_leave'), dataIndex: 'last_left_at', width: 140, render: formatTime },
              {
                title: t('in_room'),
                dataIndex: 'in_room',
                width: 80,
                render: (inRoom: boolean) => (inRoom ? <Tag color="blue">{t('in_room_now')}</Tag> : '—'),
              },
            ]}
            data-testid="live-attendance-table"
          />
        </Space>
      )}
    </Drawer>
  );
}
