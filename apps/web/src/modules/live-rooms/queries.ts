import type { TLiveParticipant, TLiveRoomStatus, TLiveRoomView } from '@app/contracts';
import type { LIVE_CONTROLS } from '@app/contracts/procedures/live-rooms.ts';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { type ApiInput, api, callHeaders } from '../../shared/api.ts';
import type { Paging } from '../../shared/list-paging.ts';

/** Every cached answer about live rooms sits under this key. */
export const LIVE_KEY = ['live-rooms'] as const;

export const liveRoomPath = (id: number, hosting: boolean) =>
  hosting ? `/teacher/liveroom-detail?id=${id}` : `/liveroom-detail?id=${id}`;
export const MANAGER_PATH = '/liveroom-manager';
export const MY_ROOMS_PATH = '/liveroom';

/** Drops the cached lists after a write (the room page's view is kept: it follows its own pushes). */
export function useLiveRoomsChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [...LIVE_KEY, 'list'] });
}

export interface HostListFilter {
  keyword?: string;
  status?: TLiveRoomStatus;
}

/** The rooms the caller hosts or co-hosts (`/liveroom-manager`). */
export function hostRoomsQuery(filter: HostListFilter, paging: Paging) {
  return queryOptions({
    queryKey: [...LIVE_KEY, 'list', 'host', filter, paging],
    queryFn: ({ signal }) => api('/live-room/list', { ...filter, ...paging }, { signal }),
  });
}

export type MyRoomsTab = 'upcoming' | 'past';

/** The rooms of the student's classes (`/liveroom`); read again when a room starts or ends (a push). */
export function myRoomsQuery(tab: MyRoomsTab, paging: Paging) {
  return queryOptions({
    queryKey: [...LIVE_KEY, 'list', 'mine', tab, paging],
    queryFn: ({ signal }) => api('/live-room/my-list', { tab, ...paging }, { signal }),
    staleTime: 0,
  });
}

/**
 * The room page's view. Reading it is joining (`/live-room/join`): a join while in keeps the open stay, so every
 * read again (after a start, a reconnect, a page back from the cache) is also the re-join that catch-up needs.
 */
export function roomViewQuery(roomId: number) {
  return queryOptions({
    queryKey: [...LIVE_KEY, 'room', roomId],
    queryFn: ({ signal }) => api('/live-room/join', { room_id: roomId }, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}
export type RoomView = TLiveRoomView;

export function attendanceQuery(roomId: number) {
  return queryOptions({
    queryKey: [...LIVE_KEY, 'attendance', roomId],
    queryFn: ({ signal }) => api('/live-room/attendance', { room_id: roomId }, { signal }),
    staleTime: 0,
  });
}

/** Courses a room may belong to (those the caller teaches; a manager every course), searched by name. */
export function courseOptionsQuery(keyword: string) {
  return queryOptions({
    queryKey: [...LIVE_KEY, 'courses', keyword],
    queryFn: ({ signal }) =>
      api('/dataset-course/list', { keyword: keyword || undefined, page: 1, pageSize: 50 }, { signal }),
  });
}

/** The classes of one course (the only ones a room of that course may invite). */
export function courseClassesQuery(courseId: number) {
  return queryOptions({
    queryKey: [...LIVE_KEY, 'course-classes', courseId],
    queryFn: async ({ signal }) => (await api('/dataset-course/detail', { id: courseId }, { signal })).classes,
  });
}

/** Classes of the organisation (a teacher sees the classes they own, a manager every class), searched by name. */
export function classOptionsQuery(keyword: string) {
  return queryOptions({
    queryKey: [...LIVE_KEY, 'classes', keyword],
    queryFn: ({ signal }) =>
      api('/group/list', { kind: 'class', keyword: keyword || undefined, page: 1, pageSize: 100 }, { signal }),
  });
}

export const createRoom = (input: ApiInput<'/live-room/create'>) => api('/live-room/create', input);
export const updateRoom = (input: ApiInput<'/live-room/update'>) => api('/live-room/update', input);
export const deleteRoom = (id: number) => api('/live-room/delete', { id });
export const startRoom = (roomId: number) => api('/live-room/start-live', { room_id: roomId });
export const endRoom = (roomId: number) => api('/live-room/end-live', { room_id: roomId });
export const joinRoom = (roomId: number) => api('/live-room/join', { room_id: roomId });
export const quitRoom = (roomId: number) => api('/live-room/quit', { room_id: roomId });
export const mediaCredentials = (roomId: number) => api('/live-room/volcano-rtc-token', { room_id: roomId });
export const sendChat = (roomId: number, text: string) => api('/live-room/chat-send', { room_id: roomId, text });
export const earlierChat = (roomId: number, beforeId: number) =>
  api('/live-room/chat-list', { room_id: roomId, before: beforeId });

export type LiveControl = (typeof LIVE_CONTROLS)[number];
export const controlRoom = (roomId: number, action: LiveControl, userId?: number) =>
  api('/live-room/control', { room_id: roomId, action, user_id: userId });

export interface DeviceStatus {
  camera: boolean;
  microphone: boolean;
  hand_raised: boolean;
  quality: TLiveParticipant['quality'];
}
export const syncStatus = (roomId: number, status: DeviceStatus) =>
  api('/live-room/user-status-sync', { room_id: roomId, ...status });

/**
 * Leaves the room while the page goes away (`pagehide`): a `keepalive` request outlives the page, and unlike
 * `navigator.sendBeacon` it carries the headers the server requires of a cookie-signed POST (X-Requested-With).
 */
export function quitOnUnload(roomId: number): void {
  try {
    void fetch('/api/live-room/quit', {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: { ...callHeaders(), 'content-type': 'application/json' },
      body: JSON.stringify({ room_id: roomId }),
    }).catch(() => undefined);
  } catch {
    // A page going away may refuse new requests; the stay then ends with the room.
  }
}

/** The interactions of the room's course, for launching one inside the room (hosts). */
export function courseInteractionsQuery(courseId: number) {
  return queryOptions({
    queryKey: [...LIVE_KEY, 'interactions', courseId],
    queryFn: ({ signal }) => api('/course-interact/list', { course_id: courseId }, { signal }),
  });
}

/** Starts a live run of an interaction for the room's classes; answers the run. */
export function startInteraction(id: number, classIds: number[]) {
  return api('/course-interact/start', { id, class_ids: classIds, mode: 'live' });
}
