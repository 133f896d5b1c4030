import { COURSE_MANAGE_ALL_KEY, type TLiveRoomRow, type TLiveRoomStatus } from '@app/contracts';
import type { Executor } from '@app/db';
import { type SQL, sql } from 'drizzle-orm';
import { likePattern } from '../../platform/like-pattern.ts';
import type { RoomCaller } from './live-room-access.ts';
import { roomCount, roomRows } from './live-room-rows.queries.ts';

/** Live rooms first, then scheduled ones soonest first, then ended ones latest first. */
const HOST_ORDER = sql`case r.status when 'live' then 0 when 'scheduled' then 1 else 2 end,
  case when r.status = 'ended' then -extract(epoch from r.starts_at) else extract(epoch from r.starts_at) end, r.id`;

const keywordSql = (keyword?: string) =>
  keyword?.trim() ? sql`r.title ilike ${likePattern(keyword.trim())}` : sql`true`;

async function page(
  db: Executor,
  where: SQL,
  order: SQL,
  input: { page: number; pageSize: number },
): Promise<{ list: TLiveRoomRow[]; total: number }> {
  const [list, total] = await Promise.all([
    roomRows(db, where, order, { limit: input.pageSize, offset: (input.page - 1) * input.pageSize }),
    roomCount(db, where),
  ]);
  return { list, total };
}

/** `/live-room/list`: the rooms the caller hosts or co-hosts; every room of the organisation for course managers. */
export function hostedRooms(
  db: Executor,
  siteId: number,
  caller: RoomCaller,
  input: { page: number; pageSize: number; keyword?: string; status?: TLiveRoomStatus; course_id?: number },
) {
  const mine = caller.permissions.has(COURSE_MANAGE_ALL_KEY)
    ? sql`true`
    : sql`(r.host_id = ${caller.userId} or r.co_host_ids @> ${JSON.stringify([caller.userId])}::jsonb)`;
  const where = sql`r.site_id = ${siteId} and ${mine} and ${keywordSql(input.keyword)}
    and ${input.status ? sql`r.status = ${input.status}` : sql`true`}
    and ${input.course_id ? sql`r.course_id = ${input.course_id}` : sql`true`}`;
  return page(db, where, HOST_ORDER, input);
}

/** Rooms of the organisation inviting a class the user is a student of. */
export const myClassRoomsSql = (siteId: number, userId: number) =>
  sql`r.site_id = ${siteId} and exists (
    select 1 from group_members gm join site_users su on su.id = gm.site_user_id
    where gm.kind = 'class' and su.user_id = ${userId} and su.site_id = ${siteId}
      and r.class_ids @> jsonb_build_array(gm.group_id))`;

/** `/live-room/my-list`: the rooms of the caller's classes, upcoming (live first, then soonest) or past (latest). */
export function myRooms(
  db: Executor,
  siteId: number,
  userId: number,
  input: { page: number; pageSize: number; keyword?: string; tab: 'upcoming' | 'past' },
) {
  const status = input.tab === 'upcoming' ? sql`r.status in ('scheduled', 'live')` : sql`r.status = 'ended'`;
  const where = sql`${myClassRoomsSql(siteId, userId)} and ${status} and ${keywordSql(input.keyword)}`;
  const order = input.tab === 'upcoming' ? HOST_ORDER : sql`r.starts_at desc, r.id desc`;
  return page(db, where, order, input);
}
