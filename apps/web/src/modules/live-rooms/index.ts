// Front door of the live-rooms module: what other modules use (its pages are in pages.ts). The addresses of a room's
// page, for links from elsewhere (a notice, the to-do panel).

export { liveRoomPath } from './queries.ts';
