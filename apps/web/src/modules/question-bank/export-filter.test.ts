import { describe, expect, it } from 'vitest';
import { exportFilter } from './export-filter.ts';

describe('exportFilter', () => {
  it('keeps the list filters the export takes and drops paging and empty values', () => {
    expect(
      exportFilter({
        category_id: 3,
        descendants: false,
        type: 'single',
        difficulty: undefined,
        review_status: null,
        keyword: '  box ',
        mine: true,
        page: 2,
        pageSize: 50,
        label_id: 7,
      }),
    ).toEqual({ category_id: 3, descendants: false, type: 'single', keyword: 'box', mine: true, label_id: 7 });
    expect(exportFilter({ keyword: '   ' })).toEqual({});
  });
});
