import { liveRoomProcedures as p } from '@app/contracts';
import { implement } from '../../platform/procedures.ts';
import { requireCourse } from '../courses/index.ts';
import { requireRoom } from './live-room-access.ts';
import { roomAttendance } from './live-room-attendance.queries.ts';
import { hostedRooms, myRooms } from './live-room-lists.queries.ts';
import { controlRoom, sendChat, syncUserStatus } from './live-room-participants.service.ts';
import { chatMessages, roomView } from './live-room-views.queries.ts';
import { endLiveRoom, joinCredentials, joinLiveRoom, quitLiveRoom, startLiveRoom } from './run-live-room.service.ts';
import { createLiveRoom, deleteLiveRoom, updateLiveRoom } from './save-live-room.service.ts';

/** Live rooms: scheduling and hosting (teachers), joining and taking part (students of the invited classes). */
export const liveRoomImplementations = [
  implement(p.liveRoomList, async (input, ctx) => {
    // A course filter names a course the caller teaches or manages (else not_found).
    if (input.course_id) await requireCourse(ctx.db, ctx.session.siteId, ctx.session, input.course_id, 'view');
    const { list, total } = await hostedRooms(ctx.db, ctx.session.siteId, ctx.session, input);
    return { list, total, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.liveRoomMyList, async (input, ctx) => {
    const { list, total } = await myRooms(ctx.db, ctx.session.siteId, ctx.session.userId, input);
    return { list, total, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.liveRoomCreate, async (input, ctx) => createLiveRoom(ctx, input)),
  implement(p.liveRoomUpdate, async (input, ctx) => updateLiveRoom(ctx, input)),
  implement(p.liveRoomDelete, async (input, ctx) => deleteLiveRoom(ctx, input.id)),
  implement(p.liveRoomDetail, async (input, ctx) => {
    const { room, role } = await requireRoom(ctx.db, ctx.session.siteId, ctx.session, input.room_id, 'view');
    return roomView(ctx.db, ctx.deps.config, room, { userId: ctx.session.userId, role });
  }),
  implement(p.liveRoomStart, async (input, ctx) => startLiveRoom(ctx, input.room_id)),
  implement(p.liveRoomEnd, async (input, ctx) => endLiveRoom(ctx, input.room_id)),
  implement(p.liveRoomJoin, async (input, ctx) => joinLiveRoom(ctx, input.room_id)),
  implement(p.liveRoomQuit, async (input, ctx) => quitLiveRoom(ctx, input.room_id)),
  implement(p.liveRoomToken, async (input, ctx) => joinCredentials(ctx, input.room_id)),
  implement(p.liveRoomStatusSync, async (input, ctx) => syncUserStatus(ctx, input)),
  implement(p.liveRoomControl, async (input, ctx) => controlRoom(ctx, input)),
  implement(p.liveRoomChatSend, async (input, ctx) => sendChat(ctx, input)),
  implement(p.liveRoomChatList, async (input, ctx) => {
    await requireRoom(ctx.db, ctx.session.siteId, ctx.session, input.room_id, 'view');
    return { list: await chatMessages(ctx.db, input.room_id, input.before) };
  }),
  implement(p.liveRoomAttendance, async (input, ctx) => {
    const { room } = await requireRoom(ctx.db, ctx.session.siteId, ctx.session, input.room_id, 'host');
    return { list: await roomAttendance(ctx.db, room) };
  }),
];
