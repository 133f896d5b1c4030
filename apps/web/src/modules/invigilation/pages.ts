// The invigilation module's pages: one chunk, loaded only through a dynamic import. The invigilators' page
// (`/liveroom-invigilation-management`).

export { InvigilationPage } from './InvigilationPage.tsx';
