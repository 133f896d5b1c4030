import { useMutation } from '@tanstack/react-query';
import { App, Skeleton } from 'antd';
import { type ReactNode, useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { showError } from '../../shared/query-client.ts';
import { useSession } from '../../shared/session/session-context.tsx';
import { parseId } from '../../shared/task-paths.ts';
import { endRoom, MANAGER_PATH, MY_ROOMS_PATH, startRoom } from './queries.ts';
import { RoomControls } from './RoomControls.tsx';
import { HostInteractButton, StudentInteractBanner } from './RoomInteractions.tsx';
import { RoomSidePanel } from './RoomSidePanel.tsx';
import { RoomStage } from './RoomStage.tsx';
import { EndedView, MediaNotice, NotFoundView, RemovedView, RoomHeader, WaitingView } from './RoomViews.tsx';
import { type DeviceKind, useLiveMedia } from './use-live-media.ts';
import { useLiveRoomPush } from './use-live-room-push.ts';
import { usePresence, useStatusSync } from './use-presence.ts';
import { useRoomSession } from './use-room-session.ts';
import './live-room.css';

type Entry = 'host' | 'student';

/** `/teacher/liveroom-detail?id=`: the room page as hosts enter it (from the live-room management list). */
export function HostLiveRoomPage() {
  return <LiveRoomPage entry="host" />;
}

/** `/liveroom-detail?id=`: the room page as students enter it (from their live rooms). */
export function StudentLiveRoomPage() {
  return <LiveRoomPage entry="student" />;
}

/**
 * A live room, full window: the stage (the host's screen or camera, a strip of the others on stage), the controls,
 * and a side panel with the chat and the participants. What the user may do follows their part in the room
 * (`my_role`), whichever address they came by; the address only says where "back" goes.
 */
function LiveRoomPage({ entry }: { entry: Entry }) {
  const { t } = useTranslation('live-rooms');
  const [params] = useSearchParams();
  const roomId = parseId(params.get('id'));
  const navigate = useNavigate();
  useEffect(() => {
    document.title = t('page_title');
  }, [t]);
  const back = useCallback(() => navigate(entry === 'host' ? MANAGER_PATH : MY_ROOMS_PATH), [navigate, entry]);
  if (roomId === null) {
    return (
      <main className="live-room live-room-plain">
        <NotFoundView onBack={back} />
      </main>
    );
  }
  return <Room key={roomId} roomId={roomId} onBack={back} />;
}

function Room({ roomId, onBack }: { roomId: number; onBack: () => void }) {
  const { t } = useTranslation('live-rooms');
  const { message } = App.useApp();
  const userId = useSession().detail.user.id;
  const session = useRoomSession(roomId, userId);
  const { view, hosting, onStage, removed, devices, setDevices, rejoin } = session;
  const data = view.data;
  const live = data?.status === 'live' && !removed;
  const leave = usePresence(roomId, rejoin);

  const deviceLost = useCallback(
    (kind: DeviceKind, error?: unknown) => {
      if (kind === 'camera') setDevices({ camera: false });
      if (kind === 'microphone') setDevices({ microphone: false });
      if (error) void message.warning(t(`device_failed_${kind}`));
    },
    [setDevices, message, t],
  );
  const media = useLiveMedia({
    roomId,
    userId,
    enabled: live && data?.media === true,
    onStage,
    camera: devices.camera,
    microphone: devices.microphone,
    onDeviceLost: deviceLost,
    onKicked: () => session.setRemoved(true),
    onRoomClosed: rejoin,
    onError: showError,
  });
  const retryMedia = media.retry;
  const reconnect = useCallback(() => {
    rejoin();
    retryMedia();
  }, [rejoin, retryMedia]);
  useLiveRoomPush(roomId, session.onPush, reconnect);
  const mediaReady = media.phase === 'connected';
  const offline = useStatusSync({
    roomId,
    active: live,
    camera: devices.camera && mediaReady,
    microphone: devices.microphone && mediaReady,
    hand: devices.hand,
    quality: media.quality,
    onSynced: session.onSynced,
    onRemoved: () => session.setRemoved(true),
    onNotLive: rejoin,
    onBackOnline: reconnect,
  });

  const start = useMutation({
    mutationFn: () => startRoom(roomId),
    onSuccess: (next) => {
      session.setView(next);
      // Starting opens the room; joining it starts the host's stay.
      rejoin();
    },
    onError: showError,
  });
  const end = useMutation({
    mutationFn: () => endRoom(roomId),
    onSuccess: session.setView,
    onError: showError,
  });
  const leaving = useMutation({
    mutationFn: leave,
    onSettled: onBack,
  });

  if (view.error instanceof ApiError && view.error.code === 'not_found')
    return <Plain view={<NotFoundView onBack={onBack} />} />;
  if (removed) return <Plain view={<RemovedView onBack={onBack} />} />;
  if (view.isError && !data) {
    return <Plain view={<LoadFailed error={view.error} onRetry={() => void view.refetch()} />} />;
  }
  if (!data) {
    return (
      <Plain view={<Skeleton active paragraph={{ rows: 8 }} className="live-loading" data-testid="live-loading" />} />
    );
  }
  if (data.status === 'scheduled') {
    return (
      <Plain
        header={<RoomHeader view={data} offline={false} />}
        view={
          <WaitingView
            view={data}
            hosting={hosting}
            starting={start.isPending}
            onStart={() => start.mutate()}
            onBack={onBack}
          />
        }
      />
    );
  }
  if (data.status === 'ended') {
    return (
      <Plain
        header={<RoomHeader view={data} offline={false} />}
        view={<EndedView view={data} hosting={hosting} onBack={onBack} />}
      />
    );
  }

  return (
    <main className="live-room" data-testid="live-room">
      <RoomHeader view={data} offline={offline} />
      <div className="live-body">
        <section className="live-main">
          <MediaNotice media={data.media} phase={media.phase} onRetry={media.retry} />
          {hosting ? null : <StudentInteractBanner />}
          <RoomStage view={data} userId={userId} media={media} />
          <RoomControls
            hosting={hosting}
            onStage={onStage}
            devices={devices}
            onDevices={setDevices}
            media={media}
            mediaReady={mediaReady}
            leaving={leaving.isPending}
            ending={end.isPending}
            onLeave={() => leaving.mutate()}
            onEnd={() => end.mutate()}
            extra={hosting ? <HostInteractButton view={data} /> : null}
          />
        </section>
        <RoomSidePanel view={data} userId={userId} hosting={hosting} onMessages={session.onMessages} />
      </div>
    </main>
  );
}

/** A room page without the stage: the header when known and one state (waiting, ended, removed, loading). */
function Plain({ header, view }: { header?: ReactNode; view: ReactNode }) {
  return (
    <main className="live-room live-room-plain">
      {header}
      <div className="live-plain-body">{view}</div>
    </main>
  );
}
