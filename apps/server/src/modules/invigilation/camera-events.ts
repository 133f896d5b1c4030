import { recordCameraEvent } from '../exam-taking/index.ts';
import { FEEDS_PER_USER, onVideoRoomEvent, SCREEN_FEED_FROM } from '../live-rooms/index.ts';
import { examIdOfRoom } from './invigilation-room.ts';

/**
 * What the media server says of the exams' rooms: a candidate's camera feed published is `camera_on`; unpublished or
 * gone (the page closed, the network lost) is `camera_stopped` (detail `source: media_server`). Feed ids say whose
 * feed it is (userId × 1000 + n, n from 500 a screen, which is not the camera); a feed that claims another user than
 * its room token was issued to is kicked before its events get here (live-rooms' janus-events).
 */
onVideoRoomEvent(async (deps, event) => {
  const examId = examIdOfRoom(event.room);
  if (examId === null || event.id === undefined) return;
  const userId = Math.floor(event.id / FEEDS_PER_USER);
  if (event.id % FEEDS_PER_USER >= SCREEN_FEED_FROM) return;
  if (event.event === 'published') {
    await recordCameraEvent(deps.db, { examId, userId }, 'camera_on', { source: 'media_server' });
  } else if (event.event === 'unpublished' || event.event === 'leaving') {
    await recordCameraEvent(deps.db, { examId, userId }, 'camera_stopped', {
      source: 'media_server',
      reason: event.event === 'leaving' ? 'left' : 'unpublished',
    });
  }
});
