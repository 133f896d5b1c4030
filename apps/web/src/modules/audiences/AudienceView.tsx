import type { TAudienceDetail } from '@app/contracts';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** An item's audience as stored: the mode, what was chosen, and how many people it reaches now. */
export function AudienceView({ audience }: { audience: TAudienceDetail }) {
  const { t } = useTranslation('audiences');
  return (
    <Space wrap size={[4, 4]} data-testid="audience-view">
      <span>{t(`mode_${audience.mode}`)}</span>
      {audience.groups.map((g) => (
        <Tag key={`g${g.id}`} color={g.kind === 'class' ? 'blue' : 'purple'}>
          {t(`kind_${g.kind}`)} · {g.name}
        </Tag>
      ))}
      {audience.users.map((u) => (
        <Tag key={`u${u.id}`}>
          {t('kind_member')} · {t('member_option', { nickname: u.nickname, username: u.username })}
        </Tag>
      ))}
      <Typography.Text type="secondary">{t('people', { count: audience.people })}</Typography.Text>
    </Space>
  );
}
