import { createPackFixture, waitForPack } from './packs.ts';
import { sessionFor, siteIdByName } from './sessions.ts';
import { call, createTestApp, type TestApp } from './test-app.ts';

/** What a pack test file works on: its own test app, the manager's session and a pack fixture's project and step. */
export interface PackProject {
  t: TestApp;
  manager: string;
  projectId: number;
  stepId: number;
}

/** Opens a test app with a pack fixture of 示范学院 (see createPackFixture); the caller closes `t`. */
export async function openPackProject(options: Parameters<typeof createPackFixture>[2]): Promise<PackProject> {
  const t = await createTestApp();
  const manager = await sessionFor(t, 'manager');
  const fixture = await createPackFixture(t, await siteIdByName(t, '示范学院'), options);
  return { t, manager, projectId: fixture.projectId, stepId: fixture.executeStepId };
}

/**
 * Builds a pack of the project's step in `format` (more build input in `extra`) as the manager and waits until it has ended; answers what the
 * build call answered (`queued`) and the pack's row once it ended.
 */
export async function buildPack(
  { t, manager, projectId, stepId }: PackProject,
  format: string,
  extra: Record<string, unknown> = {},
) {
  const input = { project_id: projectId, step_id: stepId, format, ...extra };
  const built = await call(t.app, '/pack/build', input, { token: manager });
  if (!built.body.data) throw new Error(`no pack built: ${JSON.stringify(built.body)}`);
  const row = await waitForPack(t, manager, projectId, built.body.data.id, ['succeeded', 'failed']);
  return { queued: built.body.data, row };
}
