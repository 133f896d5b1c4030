// Front door of the janus module: the browser's client of the Janus VideoRoom (no dependency), for the pages that
// send or receive cameras: a live room (modules/live-rooms), an exam's candidate publishing their camera
// (modules/exam-taking) and the invigilators watching the candidates (modules/invigilation). `watch` chooses whose
// feeds a page receives.

export { FEEDS_PER_USER, feedIdFor, parseDisplay, SCREEN_FEED_FROM } from './janus-feeds.ts';
export { JanusRoom, type RemoteFeed } from './janus-room.ts';
export { WATCH_NOBODY, type WatchFilter, watchOnly } from './janus-watch.ts';
export { StreamVideo } from './StreamVideo.tsx';
export { type MediaRoom, type MediaRoomPhase, useMediaRoom } from './use-media-room.ts';
