import { type Executor, schema } from '@app/db';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';

const { annotationTemplates, annotationCategories } = schema;

export interface UsableTemplate {
  id: number;
  categoryId: number;
  name: string;
}

/**
 * Templates the organisation may use (common ones, `site_id` null, or its own), by id; an id that is not one of
 * them answers not_found.
 */
export async function usableTemplates(
  db: Executor,
  siteId: number,
  ids: readonly number[],
): Promise<Map<number, UsableTemplate>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: annotationTemplates.id, categoryId: annotationTemplates.categoryId, name: annotationTemplates.name })
    .from(annotationTemplates)
    .where(
      and(
        inArray(annotationTemplates.id, wanted),
        or(isNull(annotationTemplates.siteId), eq(annotationTemplates.siteId, siteId)),
      ),
    );
  if (rows.length !== wanted.length) throw new AppError('not_found');
  return new Map(rows.map((row) => [row.id, row]));
}

/** Checks that the categories exist (not_found otherwise). */
export async function requireCategories(db: Executor, ids: readonly number[]): Promise<void> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  const rows = await db
    .select({ id: annotationCategories.id })
    .from(annotationCategories)
    .where(inArray(annotationCategories.id, wanted));
  if (rows.length !== wanted.length) throw new AppError('not_found');
}
