import { ClockCircleOutlined, FlagOutlined, VideoCameraOutlined, WarningOutlined } from '@ant-design/icons';
import type { TInvigilatedCandidate } from '@app/contracts';
import { Button, Card, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { detailText, FLAGGED_EVENTS } from '../exams/index.ts';
import { type RemoteFeed, StreamVideo } from '../janus/index.ts';
import { remainingText, timeIsLow } from './grid.ts';

const CAMERA_COLOR = { on: 'success', stopped: 'error', none: 'default' } as const;
/** The newest events a tile shows (the drawer has the whole timeline). */
const TILE_EVENTS = 4;

/**
 * One candidate answering now: their camera (when the exam's media server is there), who they are, the time left,
 * the camera's state, flags and warnings, the newest events of the timeline, and the invigilator's two actions.
 */
export function InvigilationTile({
  row,
  feed,
  media,
  now,
  onWarn,
  onTimeline,
}: {
  row: TInvigilatedCandidate;
  feed: RemoteFeed | undefined;
  /** The exam has a media server: the tile has a video (or its placeholder). */
  media: boolean;
  now: number;
  onWarn: () => void;
  onTimeline: () => void;
}) {
  const { t } = useTranslation('invigilation');
  // The timeline's texts are the exams' (the evidence drawer's).
  const { t: te } = useTranslation('exams');
  const camera = feed ? 'on' : row.camera;
  const left = remainingText(row.deadline, now);
  const id = row.user_id;
  const events = row.events.slice(-TILE_EVENTS).reverse();

  return (
    <Card size="small" className="invigilation-tile" data-testid={`invigilation-tile-${id}`}>
      {media ? (
        <div className="invigilation-screen">
          {feed ? (
            <StreamVideo
              stream={feed.stream}
              tracks={feed.tracks}
              peer={feed.peer}
              label={t('video_of', { name: row.nickname })}
              className="invigilation-video"
              testId={`invigilation-video-${id}`}
            />
          ) : (
            <div className="invigilation-no-video" data-testid={`invigilation-no-video-${id}`}>
              <VideoCameraOutlined aria-hidden />
              <span>{t(row.camera === 'stopped' ? 'video_camera_off' : 'video_waiting')}</span>
            </div>
          )}
        </div>
      ) : null}
      <div className="invigilation-who">
        <Typography.Text strong ellipsis={{ tooltip: row.nickname }} data-user-content>
          {row.nickname}
        </Typography.Text>
        <Typography.Text type="secondary" ellipsis={{ tooltip: row.username }} data-user-content>
          {row.username}
        </Typography.Text>
      </div>
      <div className="invigilation-facts">
        <Tag color={CAMERA_COLOR[camera]} icon={<VideoCameraOutlined />} data-testid={`invigilation-camera-${id}`}>
          {t(`camera_${camera}`)}
        </Tag>
        {left === null ? null : (
          <Tag
            color={timeIsLow(row.deadline, now) ? 'error' : 'blue'}
            icon={<ClockCircleOutlined />}
            className="invigilation-clock"
            title={t('time_left')}
            data-testid={`invigilation-left-${id}`}
          >
            {left}
          </Tag>
        )}
        <Tag color={row.flag_count > 0 ? 'orange' : undefined} icon={<FlagOutlined />}>
          {t('flags', { count: row.flag_count })}
        </Tag>
        <Tag color={row.warnings > 0 ? 'red' : undefined} icon={<WarningOutlined />}>
          {t('warnings', { count: row.warnings })}
        </Tag>
      </div>
      {events.length === 0 ? (
        <Typography.Text type="secondary" className="invigilation-events-none">
          {t('no_events')}
        </Typography.Text>
      ) : (
        <ol className="invigilation-events" aria-label={t('newest_events')} data-testid={`invigilation-events-${id}`}>
          {events.map((event) => {
            const detail = detailText(event, te);
            const text = detail ? `${te(`event_${event.kind}`)} · ${detail}` : te(`event_${event.kind}`);
            return (
              <li key={event.id} className={FLAGGED_EVENTS.has(event.kind) ? 'is-flagged' : undefined}>
                <time dateTime={event.at}>{dayjs(event.at).format('HH:mm:ss')}</time>
                <span className="invigilation-event-text" title={text}>
                  {text}
                </span>
              </li>
            );
          })}
        </ol>
      )}
      <div className="invigilation-actions">
        <Button size="small" icon={<WarningOutlined />} onClick={onWarn} data-testid={`invigilation-warn-${id}`}>
          {t('warn')}
        </Button>
        <Button size="small" onClick={onTimeline} data-testid={`invigilation-timeline-${id}`}>
          {t('timeline')}
        </Button>
      </div>
    </Card>
  );
}
