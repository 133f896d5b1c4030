import { schema } from '@app/db';
import { and, asc, between, eq, sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { batchList, countProjectItems } from './batches.queries.ts';
import { auditProject, projectAuditState, requireStatus, SETUP_STATUSES, wizardAfter } from './project-setup-state.ts';
import { loadProject } from './projects.queries.ts';

const { projects, batches, dataItems } = schema;

export interface BatchSplit {
  name: string;
  count: number;
}

/**
 * `/batch/confirm`: splits the project's items in data (`seq`) order into the given batches and fixes the split.
 * Each count is at most the total (`batch_count_wrong`) and they sum to it (`batch_sum_wrong`); a confirmed split
 * never changes (`batches_confirmed`). Items are assigned with one UPDATE per batch over a range of `seq`.
 */
export async function confirmBatches(ctx: TenantContext, input: { project_id: number; batches: BatchSplit[] }) {
  const { siteId } = ctx.session;
  const project = await ctx.db.transaction(async (tx) => {
    const before = await loadProject(tx, siteId, input.project_id, true);
    requireStatus(before, SETUP_STATUSES);
    if (before.batchesConfirmedAt !== null) throw new AppError('batches_confirmed');
    const { count: total, bytes } = await countProjectItems(tx, before.id);
    if (total === 0) throw new AppError('project_no_data');
    for (const batch of input.batches) {
      if (batch.count > total) throw new AppError('batch_count_wrong', { name: batch.name, count: batch.count, total });
    }
    const sum = input.batches.reduce((acc, b) => acc + b.count, 0);
    if (sum !== total) throw new AppError('batch_sum_wrong', { sum, total });

    // The seq of the first and last item of each batch, read in one pass over the project's items.
    const firsts: number[] = [];
    let position = 0;
    for (const batch of input.batches) {
      firsts.push(position + 1, position + batch.count);
      position += batch.count;
    }
    const bounds = await tx
      .select({ seq: sql<number>`seq`, rn: sql<number>`rn` })
      .from(
        tx
          .select({
            seq: dataItems.seq,
            rn: sql<number>`row_number() over (order by ${dataItems.seq})`.as('rn'),
          })
          .from(dataItems)
          .where(eq(dataItems.projectId, before.id))
          .as('ordered'),
      )
      .where(sql`rn = any(${sql.raw(`ARRAY[${[...new Set(firsts)].join(',')}]::bigint[]`)})`)
      .orderBy(asc(sql`rn`));
    const seqAt = new Map(bounds.map((b) => [Number(b.rn), Number(b.seq)]));

    const created = await tx
      .insert(batches)
      .values(
        input.batches.map((b, index) => ({
          siteId,
          projectId: before.id,
          name: b.name,
          seq: index + 1,
          itemCount: b.count,
        })),
      )
      .returning({ id: batches.id, seq: batches.seq });
    created.sort((a, b) => a.seq - b.seq);
    position = 0;
    for (const [index, batch] of input.batches.entries()) {
      const lo = seqAt.get(position + 1)!;
      const hi = seqAt.get(position + batch.count)!;
      position += batch.count;
      await tx
        .update(dataItems)
        .set({ batchId: created[index]!.id })
        .where(and(eq(dataItems.projectId, before.id), between(dataItems.seq, lo, hi)));
    }
    await tx.execute(sql`update batches set total_bytes = sums.bytes
      from (select d.batch_id, coalesce(sum(d.size), 0) as bytes from data_items d
            where d.project_id = ${before.id} group by d.batch_id) as sums
      where batches.id = sums.batch_id`);
    const [after] = await tx
      .update(projects)
      .set({
        batchesConfirmedAt: sql`now()`,
        itemCount: total,
        totalBytes: bytes,
        wizardStep: wizardAfter(before, 'batches'),
        updatedAt: sql`now()`,
      })
      .where(eq(projects.id, before.id))
      .returning();
    await auditProject(tx, ctx, 'confirm_batches', before, {
      before: projectAuditState(before),
      after: { ...projectAuditState(after!), batches: input.batches },
    });
    return after!;
  });
  return batchList(ctx.db, project);
}
