import { randomBytes } from 'node:crypto';
import { type Database, schema } from '@app/db';
import { createSession } from '../../apps/server/src/platform/session.ts';

export interface BenchStudent {
  userId: number;
  siteUserId: number;
  token: string;
}

/** N student members of the organisation with a session each, made by bulk inserts (500 at a time). */
export async function insertStudents(db: Database['db'], siteId: number, n: number): Promise<BenchStudent[]> {
  const tag = randomBytes(3).toString('hex');
  const made: BenchStudent[] = [];
  for (let from = 0; from < n; from += 500) {
    const size = Math.min(500, n - from);
    const users = await db
      .insert(schema.users)
      .values(
        Array.from({ length: size }, (_, i) => ({
          username: `bench_${tag}_${from + i}`,
          nickname: `学生${from + i}`,
          passwordHash: 'x',
          currentSiteId: siteId,
        })),
      )
      .returning({ id: schema.users.id });
    const memberships = await db
      .insert(schema.siteUsers)
      .values(users.map((u) => ({ siteId, userId: u.id, currentRole: 'role_student' })))
      .returning({ id: schema.siteUsers.id });
    await db
      .insert(schema.siteUserRoles)
      .values(memberships.map((m) => ({ siteUserId: m.id, siteId, roleKey: 'role_student' })));
    const tokens = await Promise.all(
      users.map((u) => createSession(db, u.id, { ip: '127.0.0.1', userAgent: 'bench' })),
    );
    made.push(...users.map((u, i) => ({ userId: u.id, siteUserId: memberships[i]!.id, token: tokens[i]! })));
  }
  return made;
}
