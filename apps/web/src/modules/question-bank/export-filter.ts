import type { ProcedureAt } from '@app/contracts';
import type { z } from 'zod';

/** The list filters the export takes (paging and anything else are left out). */
const FILTER_KEYS = [
  'category_id',
  'descendants',
  'type',
  'difficulty',
  'review_status',
  'label_id',
  'node_id',
  'mine',
  'keyword',
] as const;

export type ExportFilter = Omit<z.input<ProcedureAt<'/dataset-data/export'>['input']>, 'format'>;

/** Picks the export's filters out of a list's filter, dropping empty values and blank keywords. */
export function exportFilter(filter: Record<string, unknown>): ExportFilter {
  const picked: Record<string, unknown> = {};
  for (const key of FILTER_KEYS) {
    const value = typeof filter[key] === 'string' ? (filter[key] as string).trim() : filter[key];
    if (value !== undefined && value !== null && value !== '') picked[key] = value;
  }
  return picked as ExportFilter;
}
