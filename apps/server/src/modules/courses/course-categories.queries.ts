import type { TCourseCategoryNode } from '@app/contracts';
import { type Executor, queryRows, schema } from '@app/db';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';

const { courseCategories } = schema;
export type CourseCategoryRecord = typeof courseCategories.$inferSelect;

/** One course category of the organisation (locked when asked), else not_found. */
export async function loadCourseCategory(
  db: Executor,
  siteId: number,
  id: number,
  lock = false,
): Promise<CourseCategoryRecord> {
  const query = db
    .select()
    .from(courseCategories)
    .where(and(eq(courseCategories.siteId, siteId), eq(courseCategories.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found');
  return row;
}

interface CategoryRowSql {
  id: number;
  parent_id: number | null;
  name: string;
  sort: number;
  course_count: number;
}

async function categoryRows(db: Executor, siteId: number): Promise<CategoryRowSql[]> {
  return queryRows<CategoryRowSql>(
    db,
    sql`select k.id, k.parent_id, k.name, k.sort,
          (select count(*)::int from courses c where c.category_id = k.id) as course_count
        from course_categories k where k.site_id = ${siteId} order by k.sort, k.id`,
  );
}

const nodeOf = (row: CategoryRowSql): TCourseCategoryNode => ({
  id: Number(row.id),
  parent_id: row.parent_id === null ? null : Number(row.parent_id),
  name: row.name,
  sort: Number(row.sort),
  course_count: Number(row.course_count),
  children: [],
});

/** `/course-category/tree`: the organisation's categories as a tree, by sort then id. */
export async function courseCategoryTree(db: Executor, siteId: number): Promise<{ list: TCourseCategoryNode[] }> {
  const nodes = (await categoryRows(db, siteId)).map(nodeOf);
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const roots: TCourseCategoryNode[] = [];
  for (const node of nodes) {
    const parent = node.parent_id === null ? undefined : byId.get(node.parent_id);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return { list: roots };
}

/** One category as a tree node (with its children). */
export async function courseCategoryNode(db: Executor, siteId: number, id: number): Promise<TCourseCategoryNode> {
  const { list } = await courseCategoryTree(db, siteId);
  const stack = [...list];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.id === id) return node;
    stack.push(...node.children);
  }
  throw new AppError('not_found');
}

/** A category of the organisation and every category below it (not_found for another organisation's). */
export async function categoryWithDescendants(db: Executor, siteId: number, id: number): Promise<number[]> {
  await loadCourseCategory(db, siteId, id);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`with recursive below(id) as (
          select ${id}::bigint
          union select k.id from course_categories k join below b on k.parent_id = b.id where k.site_id = ${siteId}
        ) select id from below`,
  );
  return rows.map((row) => Number(row.id));
}

/** How many categories sit directly below a category, and how many courses are filed under it. */
export async function courseCategoryUsage(db: Executor, siteId: number, id: number) {
  const [row] = await queryRows<{ children: number; courses: number }>(
    db,
    sql`select (select count(*)::int from course_categories k where k.site_id = ${siteId} and k.parent_id = ${id})
          as children,
        (select count(*)::int from courses c where c.site_id = ${siteId} and c.category_id = ${id}) as courses`,
  );
  return { children: Number(row?.children ?? 0), courses: Number(row?.courses ?? 0) };
}
