import type { TLiveRoomView } from '@app/contracts';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LiveMedia } from './use-live-media.ts';
import { VideoTile } from './VideoTile.tsx';

interface Tile {
  key: string;
  userId: number;
  screen: boolean;
  local: boolean;
  stream: MediaStream;
  tracks: number;
  peer: () => RTCPeerConnection | null;
  testId: string;
}

/** The main stage's pick: a screen first (the host's before others), then the host's camera, a co-host's, any. */
function rank(tile: Tile, view: TLiveRoomView): number {
  const hosting = tile.userId === view.host.id ? 0 : view.co_hosts.some((c) => c.id === tile.userId) ? 1 : 2;
  return (tile.screen ? 0 : 10) + hosting;
}

/**
 * The videos of the room: the main stage (the host's screen share or camera) and a strip of the others on stage,
 * the page's own previews among them.
 */
export function RoomStage({ view, userId, media }: { view: TLiveRoomView; userId: number; media: LiveMedia }) {
  const { t } = useTranslation('live-rooms');
  const names = new Map(view.participants.map((p) => [p.user_id, p.name]));
  names.set(view.host.id, names.get(view.host.id) ?? view.host.name);
  const cameraOf = new Map(view.participants.map((p) => [p.user_id, p.camera]));
  const localPeer = () => media.localPeer;
  const tiles: Tile[] = [
    ...(media.localScreen
      ? [localTile('local-screen', userId, true, media.localScreen, localPeer, 'live-video-local-screen')]
      : []),
    ...(media.localCamera ? [localTile('local', userId, false, media.localCamera, localPeer, 'live-video-local')] : []),
    ...media.feeds.map((feed) => ({
      key: `feed-${feed.feedId}`,
      userId: feed.userId,
      screen: feed.screen,
      local: false,
      stream: feed.stream,
      tracks: feed.tracks,
      peer: () => feed.peer,
      testId: `live-video-${feed.userId}${feed.screen ? '-screen' : ''}`,
    })),
  ].sort((a, b) => rank(a, view) - rank(b, view));
  const [main, ...strip] = tiles;
  const nameOf = (tile: Tile) => {
    const name = names.get(tile.userId) ?? `#${tile.userId}`;
    const who = tile.local ? t('you', { name }) : name;
    return tile.screen ? t('screen_of', { name: who }) : who;
  };

  return (
    <section className="live-stage" aria-label={t('stage')} data-testid="live-stage">
      <div className="live-stage-main">
        {main ? (
          <VideoTile
            key={main.key}
            main
            stream={main.stream}
            tracks={main.tracks}
            peer={main.peer}
            local={main.local}
            mirror={main.local && !main.screen}
            name={nameOf(main)}
            cameraOff={!main.screen && !main.local && cameraOf.get(main.userId) === false}
            testId={main.testId}
          />
        ) : (
          <div className="live-stage-empty" data-testid="live-stage-empty">
            {media.phase === 'connecting' || media.phase === 'reconnecting' ? <Spin /> : null}
            <span>
              {media.phase === 'connecting'
                ? t('media_connecting')
                : media.phase === 'reconnecting'
                  ? t('media_reconnecting')
                  : t('stage_empty')}
            </span>
          </div>
        )}
      </div>
      {strip.length > 0 ? (
        <div className="live-strip" data-testid="live-strip">
          {strip.map((tile) => (
            <VideoTile
              key={tile.key}
              stream={tile.stream}
              tracks={tile.tracks}
              peer={tile.peer}
              local={tile.local}
              mirror={tile.local && !tile.screen}
              name={nameOf(tile)}
              cameraOff={!tile.screen && !tile.local && cameraOf.get(tile.userId) === false}
              testId={tile.testId}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}

function localTile(
  key: string,
  userId: number,
  screen: boolean,
  stream: MediaStream,
  peer: () => RTCPeerConnection | null,
  testId: string,
): Tile {
  return { key, userId, screen, local: true, stream, tracks: stream.getTracks().length, peer, testId };
}
