import { ClockCircleOutlined, DisconnectOutlined } from '@ant-design/icons';
import type { TLiveRoomView } from '@app/contracts';
import { Alert, Button, Result, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format.ts';
import { RecordingTag, RoomStatusTag, useRoomTime } from './LiveRoomShared.tsx';
import type { MediaPhase } from './use-live-media.ts';

/** The room's top line: title, status, host and time; a "reconnecting" mark while the network is away. */
export function RoomHeader({ view, offline }: { view: TLiveRoomView; offline: boolean }) {
  const { t } = useTranslation('live-rooms');
  const timeOf = useRoomTime();
  return (
    <header className="live-header">
      <div className="live-header-title">
        <Typography.Title level={1} className="live-title" data-user-content data-testid="live-title">
          {view.title}
        </Typography.Title>
        <RoomStatusTag status={view.status} testId="live-status" />
        {view.record && view.status === 'live' ? (
          <Tag color="red" data-testid="live-recording">
            {t('recording')}
          </Tag>
        ) : null}
        {offline ? (
          <Tag icon={<DisconnectOutlined />} color="orange" data-testid="live-offline">
            {t('reconnecting')}
          </Tag>
        ) : null}
      </div>
      <div className="live-header-facts">
        <span>
          {t('host')}: <span data-user-content>{view.host.name}</span>
        </span>
        {view.course_name ? (
          <span>
            {t('course')}: <span data-user-content>{view.course_name}</span>
          </span>
        ) : null}
        <span>{timeOf(view)}</span>
      </div>
    </header>
  );
}

/** Before the start: when it starts; hosts start it, students wait (the page follows the start by itself). */
export function WaitingView({
  view,
  hosting,
  starting,
  onStart,
  onBack,
}: {
  view: TLiveRoomView;
  hosting: boolean;
  starting: boolean;
  onStart: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('live-rooms');
  // The server's clock: a phone whose clock is off still counts right.
  const offset = dayjs(view.server_now).diff(dayjs());
  const minutes = Math.ceil(dayjs(view.starts_at).diff(dayjs().add(offset, 'ms'), 'minute', true));
  return (
    <Result
      className="live-state-view"
      icon={<ClockCircleOutlined />}
      title={t('waiting_title')}
      subTitle={
        <Space orientation="vertical" size={4}>
          <span data-testid="live-starts-at">
            {minutes > 0
              ? t('starts_in', { time: formatTime(view.starts_at), count: minutes })
              : t('starts_at', { time: formatTime(view.starts_at) })}
          </span>
          <span>{hosting ? t('waiting_host_help') : t('waiting_student_help')}</span>
        </Space>
      }
      extra={
        <Space wrap>
          {hosting ? (
            <Button type="primary" loading={starting} onClick={onStart} data-testid="live-start">
              {t('start')}
            </Button>
          ) : null}
          <Button onClick={onBack} data-testid="live-back">
            {t('back_to_list')}
          </Button>
        </Space>
      }
      data-testid="live-waiting"
    />
  );
}

export function EndedView({ view, hosting, onBack }: { view: TLiveRoomView; hosting: boolean; onBack: () => void }) {
  const { t } = useTranslation('live-rooms');
  return (
    <Result
      className="live-state-view"
      status="success"
      title={t('ended_title')}
      subTitle={view.ended_at ? t('ended_at', { time: formatTime(view.ended_at) }) : undefined}
      extra={
        <Space wrap>
          <Button type="primary" onClick={onBack} data-testid="live-back">
            {t('back_to_list')}
          </Button>
          <RecordingTag room={view} linked={hosting} />
        </Space>
      }
      data-testid="live-ended"
    />
  );
}

/** A room the user cannot be in: removed by a host, or not theirs (or gone). */
function LeftOutView({ kind, onBack }: { kind: 'removed' | 'not_found'; onBack: () => void }) {
  const { t } = useTranslation('live-rooms');
  return (
    <Result
      className="live-state-view"
      status={kind === 'removed' ? 'warning' : '404'}
      title={t(kind === 'removed' ? 'removed_title' : 'not_found')}
      subTitle={t(kind === 'removed' ? 'removed_help' : 'not_found_help')}
      extra={
        <Button type="primary" onClick={onBack} data-testid="live-back">
          {t('back_to_list')}
        </Button>
      }
      data-testid={kind === 'removed' ? 'live-removed' : 'live-not-found'}
    />
  );
}

export const RemovedView = ({ onBack }: { onBack: () => void }) => <LeftOutView kind="removed" onBack={onBack} />;
export const NotFoundView = ({ onBack }: { onBack: () => void }) => <LeftOutView kind="not_found" onBack={onBack} />;

/** Why there is no video: no media server (chat and attendance only), Volcano's SDK missing, a failed connection. */
export function MediaNotice({ media, phase, onRetry }: { media: boolean; phase: MediaPhase; onRetry: () => void }) {
  const { t } = useTranslation('live-rooms');
  if (!media) {
    return (
      <Alert
        type="info"
        showIcon
        title={t('media_off')}
        description={t('media_off_help')}
        data-testid="live-media-off"
      />
    );
  }
  if (phase === 'volcano') {
    return <Alert type="warning" showIcon title={t('media_volcano')} data-testid="live-media-volcano" />;
  }
  if (phase === 'failed') {
    return (
      <Alert
        type="error"
        showIcon
        title={t('media_failed')}
        action={
          <Button size="small" onClick={onRetry} data-testid="live-media-retry">
            {t('retry_now')}
          </Button>
        }
        data-testid="live-media-failed"
      />
    );
  }
  return null;
}
