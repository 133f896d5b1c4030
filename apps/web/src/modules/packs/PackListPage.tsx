import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PackHistory } from './PackHistory.tsx';

/** The packing history of the organisation (`/production/packs`): every project's packs, newest first. */
export function PackListPage() {
  const { t } = useTranslation('packs');
  return (
    <Card title={t('history_title')} data-testid="pack-list-page">
      <Typography.Paragraph type="secondary">{t('history_help')}</Typography.Paragraph>
      <PackHistory />
    </Card>
  );
}
