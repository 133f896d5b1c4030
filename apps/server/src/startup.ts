import { DEMO_PASSWORD, seedDemo } from '@app/db/seed/demo.ts';
import { seedDemoProjects } from './modules/demo-projects/seed-demo-projects.ts';
import { seedDemoQuestionBank } from './modules/demo-question-bank/seed-demo-question-bank.ts';
import { syncBuiltinAccess } from './modules/iam/sync-builtin-access.ts';
import { seedPlatformSettings } from './modules/settings/seed-settings.ts';
import type { AppDeps } from './platform/context.ts';
import { hashPassword } from './platform/passwords.ts';

/** What runs once before serving: built-in roles and permissions, then demo data on an empty database. */
export async function prepareData(deps: AppDeps): Promise<void> {
  await syncBuiltinAccess(deps.db);
  await seedPlatformSettings(deps.db);
  if (deps.config.SEED_DEMO !== 'off' && (await seedDemo(deps.db, await hashPassword(DEMO_PASSWORD)))) {
    deps.log.info('seeded the demo organisations and accounts (password %s)', DEMO_PASSWORD);
    if (deps.config.SEED_DEMO === 'on') {
      const projects = await seedDemoProjects(deps.db, deps.storage);
      deps.log.info('seeded %d demo annotation projects with sample media', projects);
      const questions = await seedDemoQuestionBank(deps.db);
      deps.log.info('seeded a demo question bank of %d questions', questions);
    }
  }
}
