import { DesktopOutlined, ExpandOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { TInvigilatedCandidate } from '@app/contracts';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { type RemoteFeed, StreamVideo } from '../janus/index.ts';

/** What a box without its video says: stopped, or not there yet. */
function NoVideo({ screen, stopped, testId }: { screen: boolean; stopped: boolean; testId: string }) {
  const { t } = useTranslation('invigilation');
  const text = screen
    ? t(stopped ? 'video_screen_off' : 'video_screen_waiting')
    : t(stopped ? 'video_camera_off' : 'video_waiting');
  return (
    <div className="invigilation-no-video" data-testid={testId}>
      {screen ? <DesktopOutlined aria-hidden /> : <VideoCameraOutlined aria-hidden />}
      <span>{text}</span>
    </div>
  );
}

/**
 * A tile's videos: the candidate's camera, and for an exam that shares screens their screen under it (beside it in a
 * wide tile), marked as the screen; clicking the screen opens it large.
 */
export function TileMedia({
  row,
  feed,
  screenFeed,
  screen,
  onOpenScreen,
}: {
  row: TInvigilatedCandidate;
  feed: RemoteFeed | undefined;
  screenFeed: RemoteFeed | undefined;
  /** The exam shares screens. */
  screen: boolean;
  onOpenScreen: () => void;
}) {
  const { t } = useTranslation('invigilation');
  const id = row.user_id;
  return (
    <div className={screen ? 'invigilation-media has-screen' : 'invigilation-media'}>
      <div className="invigilation-view is-camera">
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
          <NoVideo screen={false} stopped={row.camera === 'stopped'} testId={`invigilation-no-video-${id}`} />
        )}
      </div>
      {screen ? (
        <div className="invigilation-view is-screen">
          {screenFeed ? (
            <button
              type="button"
              className="invigilation-screen-open"
              onClick={onOpenScreen}
              title={t('screen_open', { name: row.nickname })}
              aria-label={t('screen_open', { name: row.nickname })}
              data-testid={`invigilation-screen-open-${id}`}
            >
              <StreamVideo
                stream={screenFeed.stream}
                tracks={screenFeed.tracks}
                peer={screenFeed.peer}
                label={t('screen_of', { name: row.nickname })}
                className="invigilation-video"
                testId={`invigilation-screen-video-${id}`}
              />
              <ExpandOutlined className="invigilation-screen-expand" aria-hidden />
            </button>
          ) : (
            <NoVideo screen stopped={row.screen === 'stopped'} testId={`invigilation-no-screen-${id}`} />
          )}
          <span className="invigilation-view-badge" data-testid={`invigilation-screen-badge-${id}`}>
            <DesktopOutlined aria-hidden /> {t('screen_badge')}
          </span>
        </div>
      ) : null}
    </div>
  );
}

/** One candidate's screen, large (Esc or the close button closes it); a screen that stops says so in its place. */
export function ScreenModal({
  name,
  feed,
  onClose,
}: {
  name: string;
  feed: RemoteFeed | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('invigilation');
  return (
    <Modal
      open
      title={t('screen_of', { name })}
      footer={null}
      width="min(1280px, 94vw)"
      centered
      onCancel={onClose}
      destroyOnHidden
    >
      <div className="invigilation-screen-large" data-testid="invigilation-screen-modal">
        {feed ? (
          <StreamVideo
            stream={feed.stream}
            tracks={feed.tracks}
            peer={feed.peer}
            label={t('screen_of', { name })}
            className="invigilation-video"
            testId="invigilation-screen-large"
          />
        ) : (
          <NoVideo screen stopped testId="invigilation-screen-large-gone" />
        )}
      </div>
    </Modal>
  );
}
