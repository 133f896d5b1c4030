import {
  ClockCircleOutlined,
  DesktopOutlined,
  FlagOutlined,
  VideoCameraOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { TInvigilatedCandidate } from '@app/contracts';
import { Button, Card, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { detailText, FLAGGED_EVENTS } from '../exams/index.ts';
import type { RemoteFeed } from '../janus/index.ts';
import { remainingText, timeIsLow } from './grid.ts';
import { TileMedia } from './TileMedia.tsx';

const DEVICE_COLOR = { on: 'success', stopped: 'error', none: 'default' } as const;
/** The newest events a tile shows (the drawer has the whole timeline). */
const TILE_EVENTS = 4;

/**
 * One candidate answering now: their camera (when the exam's media server is there) and, for an exam that shares
 * screens, their screen; who they are, the time left, the camera's (and screen's) state, flags and warnings, the
 * newest events of the timeline, and the invigilator's two actions.
 */
export function InvigilationTile({
  row,
  feed,
  screenFeed,
  media,
  screen,
  now,
  onWarn,
  onTimeline,
  onOpenScreen,
}: {
  row: TInvigilatedCandidate;
  feed: RemoteFeed | undefined;
  screenFeed: RemoteFeed | undefined;
  /** The exam has a media server: the tile has a video (or its placeholder). */
  media: boolean;
  /** The exam shares the candidates' screens. */
  screen: boolean;
  now: number;
  onWarn: () => void;
  onTimeline: () => void;
  onOpenScreen: () => void;
}) {
  const { t } = useTranslation('invigilation');
  // The timeline's texts are the exams' (the evidence drawer's).
  const { t: te } = useTranslation('exams');
  const camera = feed ? 'on' : row.camera;
  const shared = screenFeed ? 'on' : row.screen;
  const left = remainingText(row.deadline, now);
  const id = row.user_id;
  const events = row.events.slice(-TILE_EVENTS).reverse();

  return (
    <Card size="small" className="invigilation-tile" data-testid={`invigilation-tile-${id}`}>
      {media ? (
        <TileMedia row={row} feed={feed} screenFeed={screenFeed} screen={screen} onOpenScreen={onOpenScreen} />
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
        <Tag color={DEVICE_COLOR[camera]} icon={<VideoCameraOutlined />} data-testid={`invigilation-camera-${id}`}>
          {t(`camera_${camera}`)}
        </Tag>
        {screen ? (
          <Tag color={DEVICE_COLOR[shared]} icon={<DesktopOutlined />} data-testid={`invigilation-screen-${id}`}>
            {t(`screen_${shared}`)}
          </Tag>
        ) : null}
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
