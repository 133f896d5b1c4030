import { schema } from '@app/db';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from '@app/db/seed/demo.ts';
import { eq } from 'drizzle-orm';
import { seedDemoProjects } from './modules/demo-projects/index.ts';
import { seedDemoQuestionBank } from './modules/demo-question-bank/index.ts';
import { syncBuiltinAccess } from './modules/iam/index.ts';
import { seedPlatformSettings } from './modules/settings/index.ts';
import type { AppDeps } from './platform/context.ts';
import { hashPassword, verifyPassword } from './platform/passwords.ts';

/** What runs once before serving: the file store, built-in roles and permissions, then demo data on an empty database. */
export async function prepareData(deps: AppDeps): Promise<void> {
  await deps.storage.prepare();
  await syncBuiltinAccess(deps.db);
  await seedPlatformSettings(deps.db);
  if (deps.config.SEED_DEMO !== 'off' && (await seedDemo(deps.db, await hashPassword(DEMO_PASSWORD)))) {
    deps.log.info('seeded the demo organisations and accounts (password %s)', DEMO_PASSWORD);
    if (deps.config.SEED_DEMO === 'on') {
      const projects = await seedDemoProjects(deps.db, deps.storage);
      deps.log.info('seeded %d demo annotation projects with sample media', projects);
      const questions = await seedDemoQuestionBank(deps.db, deps.storage);
      deps.log.info('seeded a demo question bank of %d questions', questions);
    }
  }
}

/** The demo accounts people can sign in with now: none when the demo was not seeded or root's password changed. */
export async function demoAccounts(deps: AppDeps): Promise<string[]> {
  if (deps.config.SEED_DEMO === 'off') return [];
  const [root] = await deps.db
    .select({ hash: schema.users.passwordHash })
    .from(schema.users)
    .where(eq(schema.users.username, DEMO_USERS[0]!.username));
  if (!root || !(await verifyPassword(root.hash, DEMO_PASSWORD))) return [];
  return DEMO_USERS.map((user) => user.username);
}

/** The one line `npm start` prints when the platform is ready: where to open it and how to sign in. */
export function readyLine(url: string, demo: string[]): string {
  const signIn = demo.length ? ` · sign in as ${demo.join(', ')} (password ${DEMO_PASSWORD})` : '';
  return `\nLearnLabel is ready at ${url}${signIn}\n`;
}
