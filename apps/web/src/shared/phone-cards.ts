import type { TableColumnType, TablePaginationConfig } from 'antd';
import type { ReactNode } from 'react';

/** Where a column goes in a row's phone card: its title, its actions (buttons at the bottom), or nowhere. */
export type PhoneRole = 'title' | 'actions' | 'hidden';

/** A table column that also says how it shows on a phone; unmarked columns are the card's labelled facts. */
export type ResponsiveColumn<T> = TableColumnType<T> & { phone?: PhoneRole };

export interface CardLayout<T> {
  title: ResponsiveColumn<T> | undefined;
  fields: ResponsiveColumn<T>[];
  actions: ResponsiveColumn<T>[];
}

/** The card's parts: the column marked `title` (else the first unmarked one), the other facts, the actions. */
export function cardLayout<T>(columns: readonly ResponsiveColumn<T>[]): CardLayout<T> {
  const shown = columns.filter((column) => column.phone !== 'hidden' && column.phone !== 'actions');
  const title = shown.find((column) => column.phone === 'title') ?? shown[0];
  return {
    title,
    fields: shown.filter((column) => column !== title),
    actions: columns.filter((column) => column.phone === 'actions'),
  };
}

/** A column's content for one row, as the table would show it (its `render`, else the value at `dataIndex`). */
export function cellContent<T>(column: ResponsiveColumn<T>, row: T, index: number): ReactNode {
  const path = column.dataIndex === undefined ? [] : ([] as (string | number)[]).concat(column.dataIndex as never);
  let value: unknown = path.length ? row : undefined;
  for (const key of path) value = (value as Record<string | number, unknown> | null | undefined)?.[key];
  return (column.render ? column.render(value, row, index) : value) as ReactNode;
}

/** A column's heading as text or node (a heading computed by a function shows nothing in a card). */
export const columnLabel = <T>(column: ResponsiveColumn<T>): ReactNode =>
  typeof column.title === 'function' ? null : column.title;

/**
 * A table's paging for the card list: the same page, size and total, drawn as antd's simple pager. Without a
 * total the list pages itself (`local`).
 */
export function phonePaging(
  pagination: false | TablePaginationConfig | undefined,
): { kind: 'none' } | { kind: 'server'; config: TablePaginationConfig } | { kind: 'local'; pageSize: number } {
  if (pagination === false) return { kind: 'none' };
  if (pagination?.total !== undefined) return { kind: 'server', config: pagination };
  return { kind: 'local', pageSize: pagination?.pageSize ?? pagination?.defaultPageSize ?? 10 };
}
