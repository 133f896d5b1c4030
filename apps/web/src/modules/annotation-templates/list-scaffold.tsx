import {
  type FetchQueryOptions,
  keepPreviousData,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Select, Space, Table, type TableColumnsType } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListToolbar, SearchInput } from '../../shared/ListToolbar.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { type Paging, serverPagination } from '../../shared/list-paging.ts';
import { showError } from '../../shared/query-client.ts';
import { useTemplatesChanged } from './queries.ts';

interface Page<Row> {
  list: Row[];
  total: number;
}

/**
 * The state of a server-paged, filtered list with an editor: filter and paging (a new filter goes back to page 1),
 * the list query, opening a record's detail for the editor, and deleting with a toast and cache refresh.
 */
export function useEditableList<
  Filter extends { keyword?: string },
  Data extends Page<unknown>,
  Detail,
  RemoveArg,
  ListKey extends QueryKey,
  DetailKey extends QueryKey,
>({
  listQuery,
  detailQuery,
  onDetail,
  remove: removeFn,
}: {
  listQuery: (filter: Filter, paging: Paging) => UseQueryOptions<Data, Error, Data, ListKey>;
  detailQuery: (id: number) => FetchQueryOptions<Detail, Error, Detail, DetailKey>;
  onDetail: (detail: Detail) => void;
  remove: (arg: RemoveArg) => Promise<unknown>;
}) {
  const { t } = useTranslation(['annotation-templates', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const changed = useTemplatesChanged();
  const [filter, setFilter] = useState<Filter>({} as Filter);
  const [paging, setPaging] = useState<Paging>({ page: 1, pageSize: 10 });
  const list = useQuery({ ...listQuery(filter, paging), placeholderData: keepPreviousData });
  const openEdit = useMutation({
    mutationFn: (id: number) => queryClient.fetchQuery(detailQuery(id)),
    onSuccess: onDetail,
    onError: (error) => showError(error),
  });
  const remove = useMutation({
    mutationFn: removeFn,
    onSuccess: async () => {
      void message.success(t('deleted'));
      await changed();
    },
    onError: (error) => showError(error),
  });
  const update = (next: Filter) => {
    setFilter(next);
    setPaging((p) => ({ ...p, page: 1 }));
  };
  return { filter, update, paging, setPaging, list, openEdit, remove, changed, message };
}

interface ListState<Filter, Row> {
  filter: Filter;
  update: (next: Filter) => void;
  paging: Paging;
  setPaging: (paging: Paging) => void;
  list: UseQueryResult<Page<Row>>;
}

/** The list page: keyword search and filters, actions on the right, the table, then the editor (`children`). */
export function ListScaffold<Row extends { id: number }, Filter extends { keyword?: string }>({
  state: { filter, update, paging, setPaging, list },
  search,
  filters,
  actions,
  emptyText,
  tableTestId,
  columns,
  children,
}: {
  state: ListState<Filter, Row>;
  search: { placeholder: string; testId: string };
  filters: ReactNode;
  actions: ReactNode;
  emptyText: string;
  tableTestId: string;
  columns: TableColumnsType<Row>;
  children: ReactNode;
}) {
  const { t } = useTranslation(['annotation-templates', 'common']);
  if (list.isError && !list.data) return <LoadFailed error={list.error} onRetry={() => list.refetch()} />;
  return (
    <Card>
      <ListToolbar actions={actions}>
        <SearchInput
          placeholder={search.placeholder}
          width={240}
          onSearch={(keyword) => update({ ...filter, keyword })}
          testId={search.testId}
        />
        {filters}
      </ListToolbar>
      <Table<Row>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        locale={{ emptyText: list.isLoading ? t('common:loading') : emptyText }}
        pagination={serverPagination(t, paging, list.data?.total, setPaging)}
        data-testid={tableTestId}
        columns={columns}
      />
      {children}
    </Card>
  );
}

/** A clearable filter select of the list's toolbar. */
export function FilterSelect<V extends string | number | boolean>({
  placeholder,
  width,
  onChange,
  options,
  testId,
}: {
  placeholder: string;
  width: number;
  onChange: (value?: V) => void;
  options: { value: V; label: string }[] | undefined;
  testId?: string;
}) {
  return (
    <Select
      allowClear
      placeholder={placeholder}
      aria-label={placeholder}
      style={{ width }}
      onChange={(value?: V) => onChange(value)}
      options={options}
      data-testid={testId}
    />
  );
}

/** A row's actions: the edit (or view) link, `children` (more links), and the delete link behind a confirmation. */
export function RowActions({
  onEdit,
  editLabel,
  editTestId,
  remove,
  children,
}: {
  onEdit: () => void;
  editLabel: string;
  editTestId: string;
  remove?: { confirm: string; onConfirm: () => void; testId: string };
  children?: ReactNode;
}) {
  return (
    <Space>
      <Button type="link" size="small" onClick={onEdit} data-testid={editTestId}>
        {editLabel}
      </Button>
      {children}
      {remove && <DeleteLink {...remove} />}
    </Space>
  );
}

/** A row's delete link behind a confirmation. */
function DeleteLink({ confirm, onConfirm, testId }: { confirm: string; onConfirm: () => void; testId: string }) {
  const { t } = useTranslation('annotation-templates');
  return (
    <Popconfirm title={confirm} onConfirm={onConfirm} okButtonProps={{ danger: true }}>
      <Button type="link" size="small" danger data-testid={testId}>
        {t('delete')}
      </Button>
    </Popconfirm>
  );
}
