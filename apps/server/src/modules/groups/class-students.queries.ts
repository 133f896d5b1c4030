import { sql } from 'drizzle-orm';

/**
 * The students (user ids, once each, column `user_id`) of these classes of the organisation now: a student who joins
 * a class later is in. For a run of interactive answering, a live room: whatever is given to classes.
 */
export function classStudentsSql(siteId: number, classIds: readonly number[]) {
  if (classIds.length === 0) return sql`select null::bigint as user_id where false`;
  return sql`select distinct su.user_id from group_members gm
    join groups g on g.id = gm.group_id and g.site_id = ${siteId}
    join site_users su on su.id = gm.site_user_id
    where gm.kind = 'class' and gm.group_id in (${sql.join(
      classIds.map((id) => sql`${id}::bigint`),
      sql`, `,
    )})`;
}
