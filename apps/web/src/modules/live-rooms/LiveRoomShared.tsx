import { VideoCameraOutlined } from '@ant-design/icons';
import type { TLiveRoomRow, TLiveRoomStatus } from '@app/contracts';
import { Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTime } from '../../shared/format.ts';
import { sourceDetailPath } from '../teaching-sources/index.ts';

const STATUS_COLOR: Record<TLiveRoomStatus, string> = { scheduled: 'blue', live: 'red', ended: 'default' };

export function RoomStatusTag({ status, testId }: { status: TLiveRoomStatus; testId?: string }) {
  const { t } = useTranslation('live-rooms');
  return (
    <Tag color={STATUS_COLOR[status]} data-testid={testId}>
      {t(`status_${status}`)}
    </Tag>
  );
}

/** When a room runs: its start and length ("2025-06-01 14:00 · 45 min"), the end time too once it ended. */
export function useRoomTime() {
  const { t } = useTranslation('live-rooms');
  return (room: Pick<TLiveRoomRow, 'starts_at' | 'minutes'>) =>
    t('time_and_length', { time: formatTime(room.starts_at), minutes: room.minutes });
}

/** The scheduled end (start + minutes), for "until 15:30". */
export const scheduledEnd = (room: Pick<TLiveRoomRow, 'starts_at' | 'minutes'>) =>
  dayjs(room.starts_at).add(room.minutes, 'minute');

/** The classes' names, joined for a cell or a card. */
export const classNames = (room: Pick<TLiveRoomRow, 'classes'>) => room.classes.map((c) => c.name).join(', ');

/** A table row's test id (antd's `onRow` takes element attributes, which do not list `data-*`). */
export function rowTestId(testId: string): HTMLAttributes<HTMLElement> {
  const props: HTMLAttributes<HTMLElement> & { 'data-testid': string } = { 'data-testid': testId };
  return props;
}

/**
 * A recorded room's recording once the room ended: being processed, ready (a link to the teaching source it became,
 * for hosts), or failed. Nothing for a room not recorded or not ended.
 */
export function RecordingTag({
  room,
  linked,
  compact = false,
}: {
  room: Pick<TLiveRoomRow, 'id' | 'recording_status' | 'recording_source_id'>;
  linked: boolean;
  /** A table cell's short words (the camera icon says "recording"). */
  compact?: boolean;
}) {
  const { t } = useTranslation('live-rooms');
  const testId = `live-recording-${room.id}`;
  const icon = <VideoCameraOutlined aria-hidden />;
  const words = (key: string) => t(compact ? `${key}_short` : key);
  if (room.recording_status === 'processing') {
    return (
      <Tooltip title={t('recording_processing_help')}>
        <Tag color="gold" icon={icon} data-testid={testId}>
          {words('recording_processing')}
        </Tag>
      </Tooltip>
    );
  }
  if (room.recording_status === 'failed') {
    return (
      <Tag color="red" icon={icon} data-testid={testId}>
        {words('recording_failed')}
      </Tag>
    );
  }
  if (room.recording_status !== 'ready') return null;
  return linked && room.recording_source_id !== null ? (
    <Link to={sourceDetailPath(room.recording_source_id)} data-testid={testId}>
      {icon} {words('recording_ready')}
    </Link>
  ) : (
    <Tag color="green" icon={icon} data-testid={testId}>
      {words('recording_ready')}
    </Tag>
  );
}
