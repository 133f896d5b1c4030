import type { TDataPacket } from '@app/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format.ts';
import { showError } from '../../shared/query-client.ts';
import { formatBytes, packOptionsQuery, projectOptionsQuery, startPull, startPush } from './queries.ts';

export type TransferKind = 'push' | 'pull';

/**
 * Push: choose a finished pack to upload to the packet's FTP folder. Pull: choose a draft project whose data the
 * packet's files are imported into. Either starts a background transfer whose progress the history shows.
 */
export function StartTransferModal({
  kind,
  packet,
  onClose,
  onStarted,
}: {
  kind: TransferKind;
  packet: TDataPacket;
  onClose: () => void;
  onStarted: () => void;
}) {
  const { t } = useTranslation(['data-deployment', 'common']);
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState<string>();
  const [chosen, setChosen] = useState<number>();

  const packs = useQuery({
    ...packOptionsQuery(keyword),
    enabled: kind === 'push',
  });
  const projects = useQuery({
    ...projectOptionsQuery(keyword),
    enabled: kind === 'pull',
  });
  const options =
    kind === 'push'
      ? (packs.data?.list ?? []).map((p) => ({
          value: p.id,
          label: t('pack_option', {
            id: p.id,
            project: p.project_name,
            site: p.site_name,
            format: p.format,
            size: formatBytes(p.file_bytes),
            time: formatTime(p.ended_at),
          }),
        }))
      : (projects.data?.list ?? []).map((p) => ({
          value: p.id,
          label: t('project_option', { name: p.name, site: p.site_name, count: p.item_count }),
        }));
  const loading = kind === 'push' ? packs.isFetching : projects.isFetching;

  const start = useMutation({
    mutationFn: (id: number) =>
      kind === 'push'
        ? startPush({ packet_id: packet.id, pack_id: id })
        : startPull({ packet_id: packet.id, project_id: id }),
    onSuccess: () => {
      void message.success(t('started'));
      onStarted();
    },
    onError: (error) => showError(error),
  });

  return (
    <Modal
      open
      title={t(kind === 'push' ? 'push_title' : 'pull_title', { name: packet.name })}
      okText={t(kind === 'push' ? 'push' : 'pull')}
      cancelText={t('common:cancel')}
      okButtonProps={{
        disabled: chosen === undefined,
        loading: start.isPending,
        ...{ 'data-testid': 'transfer-start' },
      }}
      onOk={() => chosen !== undefined && start.mutate(chosen)}
      onCancel={onClose}
      destroyOnHidden
    >
      {!packet.ftp_address && <Alert type="warning" showIcon title={t('no_address')} style={{ marginBottom: 16 }} />}
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t(kind === 'push' ? 'push_help' : 'pull_help', { path: packet.path || '/' })}
      />
      <Form layout="vertical">
        <Form.Item label={t(kind === 'push' ? 'choose_pack' : 'choose_project')} required>
          <Select
            showSearch
            filterOption={false}
            onSearch={(value) => setKeyword(value.trim() || undefined)}
            value={chosen}
            onChange={setChosen}
            options={options}
            loading={loading}
            notFoundContent={loading ? t('common:loading') : t(kind === 'push' ? 'no_packs' : 'no_projects')}
            data-testid="transfer-target"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
