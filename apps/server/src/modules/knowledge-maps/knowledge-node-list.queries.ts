import type { TKnowledgeNodeRow } from '@app/contracts';
import { type Executor, queryRows, schema } from '@app/db';
import { and, asc, eq, or, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { likePattern } from '../../platform/like-pattern.ts';
import { pageOffset, pageWithTotal } from '../../platform/paging.ts';
import { loadMap } from './knowledge-maps.queries.ts';
import { labelsOfNodes, presentNode, questionCount } from './knowledge-nodes.queries.ts';

const { knowledgeMaps, knowledgeNodes, knowledgeLabels } = schema;

/** One page of the organisation's nodes, by map name then code, with each node's code path. */
export async function listNodes(
  db: Executor,
  siteId: number,
  filter: { keyword?: string; map_id?: number; label_id?: number; page: number; pageSize: number },
): Promise<{ list: TKnowledgeNodeRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = [eq(knowledgeNodes.siteId, siteId)];
  const keyword = filter.keyword?.trim();
  if (keyword) {
    const pattern = likePattern(keyword);
    conditions.push(
      or(
        sql`${knowledgeNodes.code} ilike ${pattern}`,
        sql`${knowledgeNodes.name} ilike ${pattern}`,
        sql`${knowledgeNodes.skill} ilike ${pattern}`,
        sql`${knowledgeNodes.knowledgePoints}::text ilike ${pattern}`,
      ),
    );
  }
  if (filter.map_id !== undefined)
    conditions.push(eq(knowledgeNodes.mapId, (await loadMap(db, siteId, filter.map_id)).id));
  if (filter.label_id !== undefined) {
    const [label] = await db
      .select({ id: knowledgeLabels.id })
      .from(knowledgeLabels)
      .where(and(eq(knowledgeLabels.siteId, siteId), eq(knowledgeLabels.id, filter.label_id)));
    if (!label) throw new AppError('not_found');
    conditions.push(
      sql`exists (select 1 from node_labels nl where nl.node_id = ${knowledgeNodes.id} and nl.label_id = ${label.id})`,
    );
  }
  const where = and(...conditions);
  const { rows, total } = await pageWithTotal(
    db
      .select({ node: knowledgeNodes, questionCount, mapName: knowledgeMaps.name, mapEnabled: knowledgeMaps.enabled })
      .from(knowledgeNodes)
      .innerJoin(knowledgeMaps, eq(knowledgeMaps.id, knowledgeNodes.mapId))
      .where(where)
      .orderBy(asc(knowledgeMaps.name), asc(knowledgeNodes.mapId), asc(knowledgeNodes.code))
      .limit(filter.pageSize)
      .offset(pageOffset(filter)),
    db.select({ n: sql<number>`count(*)::int` }).from(knowledgeNodes).where(where),
  );
  const ids = rows.map((r) => r.node.id);
  const labels = await labelsOfNodes(db, ids);
  const paths = await codePaths(db, ids);
  return {
    list: rows.map((row) => ({
      ...presentNode(row.node, labels.get(row.node.id) ?? [], row.questionCount),
      map_name: row.mapName,
      map_enabled: row.mapEnabled,
      path: paths.get(row.node.id) ?? row.node.code,
      updated_at: row.node.updatedAt.toISOString(),
    })),
    total,
  };
}

/** Codes from the top of the map to each node, joined with " / ". */
async function codePaths(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ start_id: number | string; path: string }>(
    db,
    sql`
    with recursive up(start_id, id, parent_id, path) as (
      select n.id, n.id, n.parent_id, n.code::text from knowledge_nodes n
        where n.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
      union all
      select up.start_id, p.id, p.parent_id, p.code || ' / ' || up.path
        from up join knowledge_nodes p on p.id = up.parent_id
    )
    select start_id, path from up where parent_id is null`,
  );
  return new Map(rows.map((r) => [Number(r.start_id), r.path]));
}
