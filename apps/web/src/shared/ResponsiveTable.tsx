import { Empty, Pagination, Spin, Table, type TableProps } from 'antd';
import { type Key, useState } from 'react';
import { cardLayout, cellContent, columnLabel, phonePaging, type ResponsiveColumn } from './phone-cards.ts';
import { useIsPhone } from './use-is-phone.ts';

type Props<T> = Omit<TableProps<T>, 'columns'> & { columns: ResponsiveColumn<T>[] };

/**
 * A table on wider screens; below the phone breakpoint a list of cards, one per row: the title column, the other
 * columns as labelled facts, the actions column as the card's buttons, and antd's simple pager. Row selection and
 * expandable rows are the table's alone (no learner list uses them).
 */
export function ResponsiveTable<T extends object>({ columns, ...props }: Props<T>) {
  const phone = useIsPhone();
  if (phone) return <PhoneCards columns={columns} {...props} />;
  return <Table<T> {...props} columns={columns.map(({ phone: _role, ...column }) => column)} />;
}

function PhoneCards<T extends object>({
  columns,
  dataSource = [],
  rowKey,
  loading,
  locale,
  pagination,
  ...rest
}: Props<T>) {
  const layout = cardLayout(columns);
  const paging = phonePaging(pagination);
  const [localPage, setLocalPage] = useState(1);
  const rows =
    paging.kind === 'local'
      ? dataSource.slice((localPage - 1) * paging.pageSize, localPage * paging.pageSize)
      : dataSource;
  const keyOf = (row: T, index: number): Key =>
    typeof rowKey === 'function'
      ? rowKey(row, index)
      : ((row as Record<PropertyKey, Key | undefined>)[rowKey ?? 'key'] ?? index);
  const empty = typeof locale?.emptyText === 'function' ? locale.emptyText() : locale?.emptyText;
  const spinning = typeof loading === 'object' ? Boolean(loading.spinning) : Boolean(loading);
  const testId = (rest as Record<string, unknown>)['data-testid'] as string | undefined;

  return (
    <div className="phone-cards" data-testid={testId}>
      <Spin spinning={spinning}>
        {rows.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
        ) : (
          rows.map((row, index) => (
            <article key={keyOf(row, index)} className="phone-card" data-row-key={keyOf(row, index)}>
              {layout.title ? <div className="phone-card-title">{cellContent(layout.title, row, index)}</div> : null}
              {layout.fields.length ? (
                <dl className="phone-card-fields">
                  {layout.fields.map((column, i) => (
                    <div key={String(column.key ?? column.dataIndex ?? i)}>
                      <dt>{columnLabel(column)}</dt>
                      <dd>{cellContent(column, row, index)}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
              {layout.actions.map((column, i) => (
                <div key={String(column.key ?? i)} className="phone-card-actions">
                  {cellContent(column, row, index)}
                </div>
              ))}
            </article>
          ))
        )}
      </Spin>
      {paging.kind === 'server' ? (
        <Pagination
          simple
          align="center"
          className="phone-cards-pager"
          current={paging.config.current}
          pageSize={paging.config.pageSize}
          total={paging.config.total}
          hideOnSinglePage
          onChange={paging.config.onChange}
        />
      ) : paging.kind === 'local' ? (
        <Pagination
          simple
          align="center"
          className="phone-cards-pager"
          current={localPage}
          pageSize={paging.pageSize}
          total={dataSource.length}
          hideOnSinglePage
          onChange={setLocalPage}
        />
      ) : null}
    </div>
  );
}
