import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

export default function ChromeBanner() {
  const { t } = useTranslation('shell');
  return <Alert type="warning" banner closable title={t('chrome_tip')} />;
}
