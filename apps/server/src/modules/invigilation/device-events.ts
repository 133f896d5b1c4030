import { type DeviceKind, recordDeviceEvent } from '../exam-taking/index.ts';
import { FEEDS_PER_USER, onVideoRoomEvent, SCREEN_FEED_FROM } from '../live-rooms/index.ts';
import { examIdOfRoom } from './invigilation-room.ts';

/**
 * What the media server says of the exams' rooms: a candidate's camera feed published is `camera_on`; unpublished or
 * gone (the page closed, the network lost) is `camera_stopped` (detail `source: media_server`); a screen feed's the
 * same is `screen_on` / `screen_stopped`. Feed ids say whose feed it is and which (userId × 1000 + n, n from 500 a
 * screen); a feed that claims another user than its room token was issued to is kicked before its events get here
 * (live-rooms' janus-events).
 */
onVideoRoomEvent(async (deps, event) => {
  const examId = examIdOfRoom(event.room);
  if (examId === null || event.id === undefined) return;
  const userId = Math.floor(event.id / FEEDS_PER_USER);
  const device = event.id % FEEDS_PER_USER >= SCREEN_FEED_FROM ? 'screen' : 'camera';
  const record = (state: 'on' | 'stopped', detail: Record<string, unknown>) =>
    recordDeviceEvent(deps.db, { examId, userId }, `${device}_${state}` satisfies DeviceKind, {
      source: 'media_server',
      ...detail,
    });
  if (event.event === 'published') {
    await record('on', {});
  } else if (event.event === 'unpublished' || event.event === 'leaving') {
    await record('stopped', { reason: event.event === 'leaving' ? 'left' : 'unpublished' });
  }
});
