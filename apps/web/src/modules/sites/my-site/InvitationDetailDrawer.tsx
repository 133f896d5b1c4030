import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api.ts';
import { formatTime } from '../../../shared/format.ts';
import { invitationDetailQuery } from '../queries.ts';
import { InvitationLink, InvitationStateTag } from './invitation-parts.tsx';

/** One link in full (`/invitation/detail`), opened from the list or by `/mysite/invitations/<id>`. */
export function InvitationDetailDrawer({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const { t } = useTranslation(['my-site', 'common']);
  const detail = useQuery({ ...invitationDetailQuery(id ?? 0), enabled: id !== undefined });
  const row = detail.data;
  return (
    <Drawer open={id !== undefined} onClose={onClose} size={520} title={t('detail_title')} destroyOnHidden>
      {detail.isError ? (
        <Result
          status="warning"
          title={t('load_failed')}
          subTitle={errorMessage(detail.error)}
          extra={<Button onClick={onClose}>{t('close')}</Button>}
        />
      ) : !row ? (
        <Skeleton active />
      ) : (
        <Descriptions
          column={1}
          bordered
          size="small"
          styles={{ label: { width: 120, whiteSpace: 'nowrap' } }}
          data-testid="invitation-detail-panel"
        >
          <Descriptions.Item label={t('col_link')}>
            <InvitationLink link={row.link} wrap />
          </Descriptions.Item>
          <Descriptions.Item label={t('col_remarks')}>{row.remarks || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('col_status')}>
            <InvitationStateTag row={row} />
          </Descriptions.Item>
          <Descriptions.Item label={t('col_visits')}>{row.visits}</Descriptions.Item>
          <Descriptions.Item label={t('col_signups')}>{row.signups}</Descriptions.Item>
          <Descriptions.Item label={t('col_expires')}>{formatTime(row.expires_at)}</Descriptions.Item>
          <Descriptions.Item label={t('col_creator')}>{row.creator_nickname ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('col_created')}>{formatTime(row.created_at)}</Descriptions.Item>
        </Descriptions>
      )}
    </Drawer>
  );
}
