import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { refreshCounters } from './add-items.ts';
import { type DataItemRecord, itemDetail, loadItem, loadProject } from './project-data.queries.ts';

const { dataItems } = schema;
const MAX_PAYLOAD_BYTES = 1024 * 1024;

/**
 * `/data/edit`: renames an item (any time); a record's text and fields change only while the project is a draft
 * (`project_data_locked`), and only records have them (a stored file's content is not edited here).
 */
export async function editItem(
  ctx: TenantContext,
  input: { id: number; name?: string; text?: string; payload?: Record<string, unknown> },
) {
  const { siteId, userId } = ctx.session;
  return ctx.db.transaction(async (tx) => {
    const item = await loadItem(tx, ctx, input.id);
    const project = await loadProject(tx, ctx, item.projectId, true);
    const changes: Partial<DataItemRecord> = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.text !== undefined || input.payload !== undefined) {
      if (item.payload === null) {
        throw new AppError(
          'invalid_input',
          { fields: 'payload' },
          { fields: [{ field: 'payload', code: 'not_record' }] },
        );
      }
      if (project.status !== 'draft') throw new AppError('project_data_locked');
      const payload = { ...(input.payload ?? (item.payload as Record<string, unknown>)) };
      delete payload.url;
      if (input.text !== undefined) payload.text = input.text;
      if (typeof payload.text !== 'string' && !item.url) {
        throw new AppError('invalid_input', { fields: 'text' }, { fields: [{ field: 'text', code: 'required' }] });
      }
      const size = Buffer.byteLength(JSON.stringify(item.url ? { url: item.url, ...payload } : payload));
      if (size > MAX_PAYLOAD_BYTES) {
        throw new AppError('invalid_input', { fields: 'payload' }, { fields: [{ field: 'payload', code: 'too_big' }] });
      }
      changes.payload = payload;
      changes.size = size;
    }
    if (Object.keys(changes).length > 0) {
      const [after] = await tx.update(dataItems).set(changes).where(eq(dataItems.id, item.id)).returning();
      if (changes.size !== undefined) await refreshCounters(tx, project.id);
      await recordAudit(tx, {
        siteId,
        userId,
        action: 'data_edit',
        targetType: 'project',
        targetId: project.id,
        details: {
          item_id: item.id,
          before: { name: item.name, payload: item.payload },
          after: { name: after!.name, payload: after!.payload },
        },
        ip: ctx.ip,
      });
      return itemDetail(tx, after!, project);
    }
    return itemDetail(tx, item, project);
  });
}
