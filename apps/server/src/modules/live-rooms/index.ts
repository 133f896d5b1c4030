// Front door of the live-rooms module (others import it only from here). Live rooms on the media server: scheduling,
// hosting, joining, attendance, participants' state and chat (docs/live-rooms.md).

// Registers the to-do items and the heartbeat count of rooms about to start.
import './live-room-todo.ts';

export { liveRoomImplementations } from './live-rooms.procedures.ts';
export {
  janusEventsUrl,
  onVideoRoomEvent,
  registerJanusEventsRoute,
  type VideoRoomEvent,
} from './media/janus-events.ts';
export { mediaProviderFor } from './media/media-provider.ts';
export { FEEDS_PER_USER, SCREEN_FEED_FROM } from './recording-files.ts';
export { LIVE_ROOM_QUEUE_JOBS } from './room-recording-job.ts';
export { SILENT_STAY_SWEEP_MS, sweepSilentStays } from './sweep-silent-stays.ts';
