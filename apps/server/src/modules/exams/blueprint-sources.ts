import { type Executor, schema } from '@app/db';
import { requireOwnRecords } from '../../platform/own-records.ts';

/** The blueprint's categories and nodes belong to the organisation, else not_found. */
export async function requireOwnBlueprintSources(
  db: Executor,
  siteId: number,
  blueprint: { category_ids: number[]; node_ids: number[] },
) {
  await requireOwnRecords(db, siteId, schema.questionCategories, blueprint.category_ids);
  await requireOwnRecords(db, siteId, schema.knowledgeNodes, blueprint.node_ids);
}
