// The live-rooms module's pages: one chunk, loaded only through a dynamic import. The hosts' list of rooms
// (`/liveroom-manager`), the students' (`/liveroom`) and the room itself, full window, by its two addresses
// (`/teacher/liveroom-detail`, `/liveroom-detail`).

export { LiveRoomManagerPage } from './LiveRoomManagerPage.tsx';
export { HostLiveRoomPage, StudentLiveRoomPage } from './LiveRoomPage.tsx';
export { MyLiveRoomsPage } from './MyLiveRoomsPage.tsx';
