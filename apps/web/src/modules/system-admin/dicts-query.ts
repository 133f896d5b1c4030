import type { ApiOutput } from '../../shared/api.ts';

/** One dictionary of the `/dict/list` answer. */
export type DictRow = ApiOutput<'/dict/list'>['list'][number];

/** Query key prefix of the dictionaries list and their items; invalidated after every change. */
export const DICTS_KEY = ['system', 'dicts'];
