import { schema } from '@app/db';
import type { TenantContext } from '../../platform/context.ts';
import { listQuestions, type QuestionListFilter } from './questions.queries.ts';

/** The filters a search record keeps: those the caller set (not the paging, not the defaults). */
function chosenFilters(filter: QuestionListFilter): Record<string, unknown> {
  const { keyword: _keyword, page: _page, pageSize: _pageSize, descendants, mine, ...rest } = filter;
  const chosen: Record<string, unknown> = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  if (chosen.category_id !== undefined && !descendants) chosen.descendants = false;
  if (mine) chosen.mine = true;
  return chosen;
}

/**
 * `/dataset-data/list`: a page of questions. A keyword search is kept in the search records with its filters and
 * result count (its first page only: turning pages is not a new search).
 */
export async function searchQuestions(ctx: TenantContext, filter: QuestionListFilter) {
  const result = await listQuestions(ctx, filter);
  const keyword = filter.keyword?.trim();
  if (keyword && filter.page === 1) {
    await ctx.db.insert(schema.questionSearchRecords).values({
      siteId: ctx.session.siteId,
      userId: ctx.session.userId,
      keyword,
      filters: chosenFilters(filter),
      resultCount: result.total,
    });
  }
  return result;
}
