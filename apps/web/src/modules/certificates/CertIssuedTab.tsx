import { DownloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { TCertRow, TCertStatus } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Button, Select, Space, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../shared/files.ts';
import { ListToolbar, SearchInput } from '../../shared/ListToolbar.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { showError } from '../../shared/query-client.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { CertIssueModal } from './CertIssueModal.tsx';
import { CertRevokeModal } from './CertRevokeModal.tsx';
import { CertStatusSelect } from './CertStatusSelect.tsx';
import { certColumns } from './cert-columns.tsx';
import { certTemplateOptionsQuery, exportIssuedCerts, issuedCertsQuery, useCertsChanged } from './queries.ts';

/** The organisation's issued certificates: filters, issuing by hand, revoking with a reason. */
export function CertIssuedTab() {
  const { t } = useTranslation(['certificates', 'common']);
  const changed = useCertsChanged();
  const { filter, refilter, paging, setPaging } = useListFilter<{
    keyword?: string;
    template_id?: number;
    status?: TCertStatus;
  }>();
  const [issuing, setIssuing] = useState({ open: false, seq: 0 });
  const [revoking, setRevoking] = useState<TCertRow>();

  const templates = useQuery(certTemplateOptionsQuery());
  const list = useQuery({
    ...issuedCertsQuery(filter, paging),
    placeholderData: keepPreviousData,
  });
  const exportFile = useMutation({
    mutationFn: () => exportIssuedCerts(filter),
    onSuccess: (file) => saveFile(file),
    onError: (error) => showError(error),
  });
  const templateOptions = (templates.data?.list ?? []).map((tpl) => ({ id: tpl.id, name: tpl.name }));

  if (list.isError && !list.data) return <LoadFailed error={list.error} onRetry={() => list.refetch()} />;
  const columns = certColumns<TCertRow>(t);

  return (
    <>
      <ListToolbar
        actions={
          <Space>
            <Button
              icon={<DownloadOutlined />}
              loading={exportFile.isPending}
              onClick={() => exportFile.mutate()}
              data-testid="cert-export"
            >
              {t('export')}
            </Button>
            <Tooltip title={templateOptions.length === 0 ? t('no_templates_first') : undefined}>
              <Button
                type="primary"
                icon={<SafetyCertificateOutlined />}
                disabled={templateOptions.length === 0}
                onClick={() => setIssuing((s) => ({ open: true, seq: s.seq + 1 }))}
                data-testid="cert-issue"
              >
                {t('issue')}
              </Button>
            </Tooltip>
          </Space>
        }
      >
        <Select
          allowClear
          placeholder={t('filter_template')}
          aria-label={t('filter_template')}
          style={{ width: 200 }}
          options={templateOptions.map((tpl) => ({ value: tpl.id, label: tpl.name }))}
          onChange={(id?: number) => refilter({ template_id: id })}
          data-testid="cert-filter-template"
        />
        <CertStatusSelect onChange={(status) => refilter({ status })} testId="cert-filter-status" />
        <SearchInput
          placeholder={t('cert_search')}
          width={280}
          onSearch={(keyword) => refilter({ keyword })}
          testId="cert-search"
        />
      </ListToolbar>
      <Table<TCertRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        locale={{ emptyText: list.isLoading ? t('common:loading') : t('cert_empty') }}
        pagination={serverPagination(t, paging, list.data?.total, setPaging)}
        scroll={{ x: 1050 }}
        data-testid="cert-table"
        columns={[
          columns.code,
          columns.holder,
          columns.template,
          columns.subject,
          { title: t('score'), dataIndex: 'score', width: 80, render: (v: string) => v || '—' },
          columns.source,
          columns.validity,
          columns.status,
          {
            title: t('common:actions'),
            width: 90,
            fixed: 'right',
            render: (_: unknown, row) =>
              row.status === 'revoked' ? null : (
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() => setRevoking(row)}
                  data-testid={`cert-revoke-${row.id}`}
                >
                  {t('revoke')}
                </Button>
              ),
          },
        ]}
      />
      <CertIssueModal
        key={issuing.seq}
        open={issuing.open}
        templates={templateOptions}
        onClose={() => setIssuing((s) => ({ ...s, open: false }))}
        onIssued={() => {
          setIssuing((s) => ({ ...s, open: false }));
          void changed();
        }}
      />
      {revoking && (
        <CertRevokeModal
          cert={revoking}
          onClose={() => setRevoking(undefined)}
          onRevoked={() => {
            setRevoking(undefined);
            void changed();
          }}
        />
      )}
    </>
  );
}
