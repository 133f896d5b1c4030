import type { TCourseTask, TLiveRoomStatus } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTime } from '../../shared/format.ts';
import { courseLiveRoomsQuery } from './queries.ts';

/** Where hosts schedule live rooms (the live-rooms module's page: not imported, see `studentLiveRoomPath`). */
const LIVE_ROOM_MANAGER_PATH = '/liveroom-manager';

/** "No live room yet: schedule one", with the way to the hosts' room list. */
function NoRoom() {
  const { t } = useTranslation('courses');
  return (
    <Typography.Text type="secondary" data-testid="task-live-room-empty">
      {t('source_live_room_none')}{' '}
      <Link to={LIVE_ROOM_MANAGER_PATH} data-testid="task-live-room-schedule">
        {t('source_live_room_schedule')}
      </Link>
    </Typography.Text>
  );
}

/**
 * A live task's source: one of the course's live rooms, by title, start and state (those the teacher hosts or
 * co-hosts; every room for a manager). Without any, a way to the hosts' room list to schedule one.
 */
export function CourseLiveRoomSelect({
  courseId,
  value,
  onChange,
  known,
}: {
  courseId: number;
  value?: number | null;
  onChange?: (id: number | null) => void;
  known?: TCourseTask;
}) {
  const { t } = useTranslation('courses');
  const list = useQuery(courseLiveRoomsQuery(courseId));
  const label = (room: { title: string; starts_at: string; status: TLiveRoomStatus }) =>
    t('source_live_room_option', {
      title: room.title,
      time: formatTime(room.starts_at),
      state: t(`live_status_${room.status}`),
    });
  const options = (list.data?.list ?? []).map((room) => ({ value: room.id, label: label(room) }));
  if (known?.live_room_id && !options.some((o) => o.value === known.live_room_id))
    options.push({
      value: known.live_room_id,
      label: known.live_room ? label(known.live_room) : `#${known.live_room_id}`,
    });
  return (
    <>
      <Select<number>
        allowClear
        value={value ?? undefined}
        onChange={(id) => onChange?.(id ?? null)}
        loading={list.isFetching}
        options={options}
        // A long title wraps between words in the list rather than being cut.
        optionRender={(option) => <span style={{ whiteSpace: 'normal' }}>{option.label}</span>}
        notFoundContent={list.isError ? t('sources_unavailable') : <NoRoom />}
        placeholder={t('source_live_room_placeholder')}
        aria-label={t('source_live_room')}
        data-testid="task-live-room"
      />
      {list.isSuccess && options.length === 0 ? (
        <div style={{ marginTop: 4 }}>
          <NoRoom />
        </div>
      ) : null}
    </>
  );
}
