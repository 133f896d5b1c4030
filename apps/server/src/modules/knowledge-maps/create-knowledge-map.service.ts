import type { TInitialNode } from '@app/contracts';
import { schema } from '@app/db';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { uniqueViolation } from '../../platform/unique-violation.ts';
import { authorizeMapWrite } from './knowledge-map-policy.ts';
import { assertCategory, mapAuditState, mapRow } from './knowledge-maps.queries.ts';

type InitialNode = Required<Omit<TInitialNode, 'parent_code'>> & { parent_code: string | null };

interface CreateMapInput {
  name: string;
  description: string;
  category_id: number | null;
  course_id: number | null;
  nodes: InitialNode[];
}

/**
 * The initial nodes in levels (top-level nodes first, then their children...): codes are unique in the list
 * (knowledge_node_code_taken), every parent code is in the list, and following parents never loops
 * (knowledge_node_parent_wrong). Details name the index and code of the offending node.
 */
export function initialNodeLevels(nodes: readonly InitialNode[]): InitialNode[][] {
  const byCode = new Map<string, number>();
  nodes.forEach((node, index) => {
    if (byCode.has(node.code)) throw new AppError('knowledge_node_code_taken', {}, { index, code: node.code });
    byCode.set(node.code, index);
  });
  const depth = new Array<number | undefined>(nodes.length);
  const depthOf = (index: number, seen: Set<number>): number => {
    const known = depth[index];
    if (known !== undefined) return known;
    const node = nodes[index]!;
    const parentCode = node.parent_code || null;
    let result = 0;
    if (parentCode !== null) {
      const parent = byCode.get(parentCode);
      if (parent === undefined || parent === index || seen.has(parent))
        throw new AppError('knowledge_node_parent_wrong', {}, { index, code: node.code });
      seen.add(index);
      result = depthOf(parent, seen) + 1;
    }
    depth[index] = result;
    return result;
  };
  const levels: InitialNode[][] = [];
  nodes.forEach((node, index) => {
    const level = depthOf(index, new Set());
    const list = levels[level] ?? [];
    list.push(node);
    levels[level] = list;
  });
  return levels;
}

/** `/dataset-map/create`: a new enabled map (made for a course when it names one) and its initial node tree, in one transaction. */
export async function createKnowledgeMap(ctx: TenantContext, input: CreateMapInput) {
  const { siteId, userId } = ctx.session;
  await authorizeMapWrite(ctx.db, siteId, ctx.session, { courseId: input.course_id });
  const levels = initialNodeLevels(input.nodes);
  await assertCategory(ctx.db, siteId, input.category_id);
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const [map] = await tx
        .insert(schema.knowledgeMaps)
        .values({
          siteId,
          name: input.name,
          description: input.description,
          categoryId: input.category_id,
          courseId: input.course_id,
          createdBy: userId,
        })
        .returning();
      const ids = new Map<string, number>();
      for (const level of levels) {
        const created = await tx
          .insert(schema.knowledgeNodes)
          .values(
            level.map((node) => ({
              siteId,
              mapId: map!.id,
              parentId: node.parent_code ? ids.get(node.parent_code)! : null,
              code: node.code,
              name: node.name,
              skill: node.skill,
              content: node.content,
              knowledgePoints: node.knowledge_points,
              importance: node.importance,
              sort: node.sort,
            })),
          )
          .returning({ id: schema.knowledgeNodes.id, code: schema.knowledgeNodes.code });
        for (const row of created) ids.set(row.code, row.id);
      }
      await recordAudit(tx, {
        siteId,
        userId,
        action: 'knowledge_map_create',
        targetType: 'knowledge_map',
        targetId: map!.id,
        details: { before: null, after: { ...mapAuditState(map!), node_count: input.nodes.length } },
        ip: ctx.ip,
      });
      return map!.id;
    });
    return mapRow(ctx.db, siteId, id);
  } catch (error) {
    if (uniqueViolation(error) === 'knowledge_maps_site_name') throw new AppError('knowledge_map_name_taken');
    throw error;
  }
}
