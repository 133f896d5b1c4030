import { CopyOutlined } from '@ant-design/icons';
import type { TInvitationRow } from '@app/contracts';
import { App, Button, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyText, invitationUrl } from '../../../shared/copy-text.ts';

export type StatusFilter = 'using' | 'stopped' | 'expired';

/** The state a link shows: stopped, expired (in use but past its 48 h), or in use. */
export function invitationState(row: Pick<TInvitationRow, 'status' | 'expired'>): StatusFilter {
  if (row.status === 'stopped') return 'stopped';
  return row.expired ? 'expired' : 'using';
}

const STATE_COLOR: Record<StatusFilter, string | undefined> = { using: 'green', stopped: undefined, expired: 'orange' };

export function InvitationStateTag({ row }: { row: Pick<TInvitationRow, 'status' | 'expired'> }) {
  const { t } = useTranslation('my-site');
  const state = invitationState(row);
  return (
    <Tag color={STATE_COLOR[state]} data-testid="invitation-status">
      {t(`status_${state}`)}
    </Tag>
  );
}

/** The link of a row with its copy button. */
export function InvitationLink({ link, wrap = false }: { link: string; wrap?: boolean }) {
  const { t } = useTranslation('my-site');
  const { message } = App.useApp();
  const url = invitationUrl(link);
  return (
    <span className={wrap ? 'mysite-link mysite-link-wrap' : 'mysite-link'}>
      <code data-testid="invitation-link" title={url}>
        {url}
      </code>
      <Tooltip title={t('copy')}>
        <Button
          size="small"
          type="text"
          icon={<CopyOutlined />}
          aria-label={t('copy')}
          data-testid="invitation-copy"
          onClick={async () => {
            if (await copyText(url)) void message.success(t('copied'));
            else void message.info(t('copy_manually'));
          }}
        />
      </Tooltip>
    </span>
  );
}
