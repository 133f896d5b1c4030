import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../client.ts';
import { sites, siteUserRoles, siteUsers, users } from '../schema/index.ts';
import { seedAnnotationCatalogue } from './annotation-catalogue.ts';
import { seedLabelDicts } from './label-dicts.ts';

export const DEMO_PASSWORD = 'Demo1234';

/** Demo accounts: username, nickname, roles in the first and second organisation (first role current). */
export const DEMO_USERS: readonly { username: string; nickname: string; first: string[]; second: string[] }[] = [
  { username: 'root', nickname: '超级管理员', first: ['role_root', 'role_operator'], second: [] },
  { username: 'operator', nickname: '平台运营', first: ['role_operator'], second: [] },
  { username: 'manager', nickname: '王校长', first: ['role_manager', 'role_teacher'], second: ['role_manager'] },
  { username: 'teacher', nickname: '李老师', first: ['role_teacher', 'role_student'], second: [] },
  { username: 'student', nickname: '张同学', first: ['role_student'], second: ['role_student'] },
  { username: 'producer', nickname: '内容生产', first: ['role_content_production'], second: [] },
  { username: 'contentmgr', nickname: '内容管理', first: ['role_content_manager'], second: [] },
  { username: 'teamadmin', nickname: '团队管理员', first: ['role_team_admin'], second: [] },
  { username: 'annotator', nickname: '标注员', first: ['role_team_operator'], second: [] },
  { username: 'reviewer', nickname: '审核员', first: ['role_team_operator'], second: [] },
  { username: 'manager2', nickname: 'Manager Two', first: [], second: ['role_manager', 'role_teacher'] },
  { username: 'student2', nickname: 'Student Two', first: [], second: ['role_student'] },
];

export const DEMO_SITES = [
  { name: '示范学院', nameEn: 'Demo Academy' },
  { name: '星河数据', nameEn: 'Galaxy Data' },
] as const;

/** Seeds the demo organisations and accounts when the database has no organisation yet. */
export async function seedDemo(db: Db, passwordHash: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE sites IN EXCLUSIVE MODE`);
    const [existing] = await queryRows<{ count: number }>(tx, sql`SELECT count(*)::int AS count FROM sites`);
    if (existing && existing.count > 0) return false;
    const created = await tx
      .insert(sites)
      .values(DEMO_SITES.map((s) => ({ ...s })))
      .returning();
    for (const demo of DEMO_USERS) {
      const places = [demo.first, demo.second]
        .map((roles, index) => ({ roles, site: created[index]! }))
        .filter((p) => p.roles.length > 0);
      const [user] = await tx
        .insert(users)
        .values({
          username: demo.username,
          nickname: demo.nickname,
          email: `${demo.username}@demo.example.com`,
          passwordHash,
          currentSiteId: places[0]!.site.id,
        })
        .returning();
      for (const place of places) {
        const [membership] = await tx
          .insert(siteUsers)
          .values({ siteId: place.site.id, userId: user!.id, currentRole: place.roles[0]! })
          .returning();
        await tx
          .insert(siteUserRoles)
          .values(place.roles.map((roleKey) => ({ siteUserId: membership!.id, siteId: place.site.id, roleKey })));
      }
    }
    await seedAnnotationCatalogue(tx);
    await seedLabelDicts(tx, created[0]!.id);
    return true;
  });
}
