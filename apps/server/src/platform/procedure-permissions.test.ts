import { BUILTIN_ROLES, PROCEDURE_CATALOGUE } from '@app/contracts';
import { expect, it } from 'vitest';
import { syncedGrantsOf } from '../modules/iam/index.ts';

/**
 * Who may call every procedure. A change to this snapshot is a permission change: review it as one.
 * Regenerate with `npx vitest run apps/server/src/platform/procedure-permissions.test.ts -u` (the path first:
 * `-u` takes an optional value and would swallow it, running the whole suite).
 */
it('matches the reviewed list of procedures and their access', async () => {
  const lines = PROCEDURE_CATALOGUE.map((p) => {
    if (p.access.kind !== 'permission') return `POST /api${p.path}  ${p.access.kind}`;
    const key = p.access.key;
    const holders = BUILTIN_ROLES.filter((r) => syncedGrantsOf(r.key).includes(key)).map((r) => r.key);
    return `POST /api${p.path}  permission ${key}  [${holders.join(', ')}]`;
  }).sort();
  await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('./__snapshots__/procedure-access.txt');
});
