import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, type ButtonProps, Popconfirm, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session/session-context.tsx';
import { closeSite, deleteSite, openSite, refreshSites, siteKey } from './queries.ts';

interface SiteRef {
  id: number;
  name: string;
  status: 'open' | 'closed';
  member_count: number;
}

/** The caller's own current organisation cannot be closed or deleted (the server answers site_in_use). */
function InUseButton({ label, size, testId }: { label: string; size?: ButtonProps['size']; testId: string }) {
  const { t } = useTranslation('sites');
  return (
    <Tooltip title={t('in_use_hint')}>
      <Button type="link" size={size} disabled data-testid={testId}>
        {label}
      </Button>
    </Tooltip>
  );
}

export function SiteStatusTag({ status }: { status: 'open' | 'closed' }) {
  const { t } = useTranslation('sites');
  return (
    <Tag color={status === 'open' ? 'green' : undefined} data-testid="site-status">
      {t(`status_${status}`)}
    </Tag>
  );
}

export function ServiceTypeTag({ value }: { value: number }) {
  const { t } = useTranslation('sites');
  const key = value === 1 ? 'annotation_team' : 'standard';
  return <Tag color={value === 1 ? 'purple' : 'blue'}>{t(`service_type_${key}`)}</Tag>;
}

/** Opens or closes an organisation after a confirmation that names it. */
export function SiteStatusButton({ site, size }: { site: SiteRef; size?: ButtonProps['size'] }) {
  const { t } = useTranslation(['sites', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const opening = site.status === 'closed';
  const currentSiteId = useSession().detail.user.site.id;
  const change = useMutation({
    mutationFn: () => (opening ? openSite(site.id) : closeSite(site.id)),
    onSuccess: async () => {
      void message.success(t(opening ? 'opened' : 'closed', { name: site.name }));
      await refreshSites(queryClient, site.id);
    },
  });
  if (!opening && site.id === currentSiteId) {
    return <InUseButton label={t('close')} size={size} testId={`site-close-${site.id}`} />;
  }
  return (
    <Popconfirm
      title={t(opening ? 'confirm_open' : 'confirm_close', { name: site.name })}
      okText={t(opening ? 'open' : 'close')}
      cancelText={t('common:cancel')}
      okButtonProps={{ danger: !opening, loading: change.isPending, ...{ 'data-testid': 'site-status-confirm' } }}
      onConfirm={() => change.mutateAsync().catch(() => undefined)}
    >
      <Button
        type="link"
        size={size}
        danger={!opening}
        loading={change.isPending}
        data-testid={opening ? `site-open-${site.id}` : `site-close-${site.id}`}
      >
        {t(opening ? 'open' : 'close')}
      </Button>
    </Popconfirm>
  );
}

/** Deletes an organisation after a confirmation that names it and says what goes with it. */
export function SiteDeleteButton({
  site,
  size,
  onDeleted,
}: {
  site: SiteRef;
  size?: ButtonProps['size'];
  onDeleted?: () => void;
}) {
  const { t } = useTranslation(['sites', 'common']);
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const currentSiteId = useSession().detail.user.site.id;
  const remove = useMutation({
    mutationFn: () => deleteSite(site.id),
    onSuccess: async () => {
      void message.success(t('deleted', { name: site.name }));
      queryClient.removeQueries({ queryKey: siteKey(site.id) });
      onDeleted?.();
      await refreshSites(queryClient);
    },
  });
  const confirm = () =>
    modal.confirm({
      title: t('confirm_delete_title', { name: site.name }),
      content: t('confirm_delete_text', { count: site.member_count }),
      okText: t('delete'),
      okType: 'danger',
      cancelText: t('common:cancel'),
      okButtonProps: { ...{ 'data-testid': 'site-delete-confirm' } },
      onOk: () => remove.mutateAsync().catch(() => undefined),
    });
  if (site.id === currentSiteId) {
    return <InUseButton label={t('delete')} size={size} testId={`site-delete-${site.id}`} />;
  }
  return (
    <Button type="link" size={size} danger onClick={confirm} data-testid={`site-delete-${site.id}`}>
      {t('delete')}
    </Button>
  );
}
