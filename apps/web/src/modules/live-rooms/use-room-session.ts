import type { TLiveMessage, TLiveParticipant, TLiveRoomView } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api.ts';
import { applyPush, type LiveRoomPush, mergeMessages, upsertParticipant } from './live-room-cache.ts';
import { roomViewQuery } from './queries.ts';
import type { Devices } from './RoomControls.tsx';

/**
 * The room page's state: the view (read by joining, kept current by pushes without asking the server again), the
 * user's devices and hand, and whether the host removed them. Controls aimed at the user change their devices
 * (the host lowered their hand, muted their microphone, moved them off stage) and say so.
 */
export function useRoomSession(roomId: number, userId: number) {
  const { t } = useTranslation('live-rooms');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const query = useMemo(() => roomViewQuery(roomId), [roomId]);
  const view = useQuery(query);
  const data = view.data;
  const [removedNow, setRemoved] = useState(false);
  const [devices, setDevicesNow] = useState<Devices>({ camera: false, microphone: false, hand: false });
  const hosting = data !== undefined && data.my_role !== 'student';
  const onStage = hosting || data?.me?.on_stage === true;
  const removed = removedNow || (view.error instanceof ApiError && view.error.code === 'live_room_removed');

  const update = useCallback(
    (change: (view: TLiveRoomView) => TLiveRoomView) =>
      queryClient.setQueryData(query.queryKey, (old) => (old ? change(old) : old)),
    [queryClient, query.queryKey],
  );
  const rejoin = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: query.queryKey });
  }, [queryClient, query.queryKey]);
  const setDevices = useCallback((change: Partial<Devices>) => setDevicesNow((now) => ({ ...now, ...change })), []);

  // Hosts come in with camera and microphone on (each can be turned off); students watch.
  const hostDefaults = useRef(false);
  useEffect(() => {
    if (!hosting || hostDefaults.current) return;
    hostDefaults.current = true;
    setDevices({ camera: true, microphone: true });
  }, [hosting, setDevices]);
  // Off stage a student's camera and microphone are off.
  useEffect(() => {
    if (!onStage)
      setDevicesNow((now) => (now.camera || now.microphone ? { ...now, camera: false, microphone: false } : now));
  }, [onStage]);

  const toMe = useCallback(
    (control: string) => {
      switch (control) {
        case 'lower_hand':
          setDevices({ hand: false });
          void message.info(t('told_hand_lowered'));
          break;
        case 'mute_microphone':
          setDevices({ microphone: false });
          void message.warning(t('told_microphone_muted'));
          break;
        case 'invite_stage':
          void message.success(t('told_on_stage'));
          break;
        case 'leave_stage':
          setDevices({ camera: false, microphone: false });
          void message.info(t('told_off_stage'));
          break;
        case 'mute_chat':
          void message.warning(t('chat_me_muted'));
          break;
        case 'unmute_chat':
          void message.info(t('told_chat_open'));
          break;
        case 'remove':
          setRemoved(true);
          break;
      }
    },
    [message, setDevices, t],
  );

  const onPush = useCallback(
    (push: LiveRoomPush) => {
      update((now) => applyPush(now, push));
      switch (push.event) {
        case 'started':
        case 'ended':
          rejoin();
          break;
        case 'removed':
          if (push.user_id === userId) setRemoved(true);
          break;
        case 'control':
          if (push.user_id === userId) toMe(push.control);
          break;
      }
    },
    [update, rejoin, userId, toMe],
  );

  const onSynced = useCallback(
    (participant: TLiveParticipant) =>
      update((now) => ({
        ...now,
        me: now.me ? { ...participant, role: now.me.role } : participant,
        participants: upsertParticipant(now.participants, participant),
      })),
    [update],
  );
  const onMessages = useCallback(
    (messages: TLiveMessage[]) => update((now) => ({ ...now, messages: mergeMessages(now.messages, messages) })),
    [update],
  );
  const setView = useCallback(
    (next: TLiveRoomView) => queryClient.setQueryData(query.queryKey, next),
    [queryClient, query.queryKey],
  );

  return {
    view,
    hosting,
    onStage,
    removed,
    setRemoved,
    devices,
    setDevices,
    rejoin,
    onPush,
    onSynced,
    onMessages,
    setView,
  };
}
