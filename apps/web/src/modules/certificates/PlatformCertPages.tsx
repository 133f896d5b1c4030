import type { TCertDispenseRow, TCertStatus, TPlatformCertRow } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Select, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { formatTime } from '../../shared/format.ts';
import { ListToolbar, SearchInput } from '../../shared/ListToolbar.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { CertStatusSelect } from './CertStatusSelect.tsx';
import { certColumns } from './cert-columns.tsx';
import { certDispenseQuery, platformCertsQuery, platformUserFormQuery } from './queries.ts';

/** Every organisation's certificates, read only: by holder (`/certuser/list`) or by code (`/certcode/list`). */
function PlatformCertTable({ view }: { view: 'holders' | 'codes' }) {
  const { t } = useTranslation(['certificates', 'common']);
  const [params] = useSearchParams();
  const initialSite = Number(params.get('site_id')) || undefined;
  const { filter, refilter, paging, setPaging } = useListFilter<{
    keyword?: string;
    status?: TCertStatus;
    site_id?: number;
  }>({ site_id: initialSite });
  const sites = useQuery({
    ...platformUserFormQuery(),
    staleTime: 60_000,
  });
  const list = useQuery({
    ...platformCertsQuery(filter, paging),
    placeholderData: keepPreviousData,
  });
  if (list.isError && !list.data) return <LoadFailed error={list.error} onRetry={() => list.refetch()} />;

  const shared = certColumns<TPlatformCertRow>(t);
  const columns: ColumnsType<TPlatformCertRow> = [
    ...(view === 'codes' ? [shared.code, shared.holder] : [shared.holder, shared.code]),
    { title: t('organisation'), dataIndex: 'site_name', width: 120 },
    shared.template,
    shared.subject,
    shared.source,
    { title: t('issued_by'), dataIndex: 'issued_by_name', width: 100, render: (v: string | null) => v ?? '—' },
    shared.validity,
    { ...shared.status, fixed: 'right' },
  ];

  return (
    <Card>
      <ListToolbar>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('organisation')}
          aria-label={t('organisation')}
          style={{ width: 220 }}
          value={filter.site_id}
          options={(sites.data?.sites ?? []).map((s) => ({ value: s.id, label: s.name }))}
          onChange={(id?: number) => refilter({ site_id: id })}
        />
        <CertStatusSelect onChange={(status) => refilter({ status })} />
        <SearchInput placeholder={t('cert_search')} width={280} onSearch={(keyword) => refilter({ keyword })} />
      </ListToolbar>
      <Table<TPlatformCertRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        locale={{ emptyText: list.isLoading ? t('common:loading') : t('cert_empty') }}
        pagination={serverPagination(t, paging, list.data?.total, setPaging)}
        scroll={{ x: 1100 }}
        data-testid="platform-cert-table"
        columns={columns}
      />
    </Card>
  );
}

/** `/certuser/list`: certificate holders across organisations. */
export function CertUserListPage() {
  return <PlatformCertTable view="holders" />;
}

/** `/certcode/list`: certificate codes across organisations, whom each was dispensed to and when. */
export function CertCodeListPage() {
  return <PlatformCertTable view="codes" />;
}

/** `/certcode/dispense-list`: per organisation, how many codes were dispensed, to how many holders, and when. */
export function CertDispenseListPage() {
  const { t } = useTranslation(['certificates', 'common']);
  const navigate = useNavigate();
  const { filter, refilter, paging, setPaging } = useListFilter<{ keyword?: string }>();
  const list = useQuery({
    ...certDispenseQuery(filter, paging),
    placeholderData: keepPreviousData,
  });
  if (list.isError && !list.data) return <LoadFailed error={list.error} onRetry={() => list.refetch()} />;
  const count = (key: keyof TCertDispenseRow, width = 90) => ({ title: t(key), dataIndex: key, width });
  return (
    <Card>
      <ListToolbar>
        <SearchInput placeholder={t('dispense_search')} onSearch={(keyword) => refilter({ keyword })} />
      </ListToolbar>
      <Table<TCertDispenseRow>
        rowKey="site_id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        locale={{ emptyText: list.isLoading ? t('common:loading') : t('dispense_empty') }}
        pagination={serverPagination(t, paging, list.data?.total, setPaging)}
        scroll={{ x: 1080 }}
        data-testid="cert-dispense-table"
        columns={[
          { title: t('organisation'), dataIndex: 'site_name', width: 150 },
          count('template_count', 100),
          { title: t('codes_issued'), dataIndex: 'issued_count', width: 100 },
          count('holder_count'),
          count('valid_count'),
          count('expired_count'),
          count('revoked_count'),
          { title: t('first_issued_at'), dataIndex: 'first_issued_at', width: 140, render: formatTime },
          { title: t('last_issued_at'), dataIndex: 'last_issued_at', width: 140, render: formatTime },
          {
            title: t('common:actions'),
            width: 90,
            fixed: 'right',
            render: (_: unknown, row) => (
              <Button type="link" size="small" onClick={() => navigate(`/certcode/list?site_id=${row.site_id}`)}>
                {t('codes_of_site')}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}
