import { api } from '../../shared/api.ts';

/** The import template as a file to save. */
export function getImportTemplate() {
  return api('/dataset-data/import-template', {});
}
