import { BUILT_IN_SETTINGS } from '@app/contracts';
import { type Executor, schema } from '@app/db';

/**
 * Inserts the built-in platform settings (contracts' BUILT_IN_SETTINGS: shell switches, the wrong-book N, the hours
 * an invitation link lasts...) that are missing; existing rows keep their values but become built in.
 */
export async function seedPlatformSettings(db: Executor): Promise<void> {
  await db
    .insert(schema.settings)
    .values(
      BUILT_IN_SETTINGS.map((s) => ({
        key: s.key,
        name: s.name,
        value: s.value,
        valueType: s.valueType,
        description: s.description,
        siteId: null,
        deletable: false,
      })),
    )
    .onConflictDoUpdate({ target: [schema.settings.siteId, schema.settings.key], set: { deletable: false } });
}
