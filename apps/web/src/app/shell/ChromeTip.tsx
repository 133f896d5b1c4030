import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

const isChrome = () => /Chrome\//.test(navigator.userAgent) && !/Edg\/|OPR\//.test(navigator.userAgent);

/** The tip that recommends Chrome in other browsers (spec §1). */
export function ChromeTip() {
  const { t } = useTranslation('shell');
  if (isChrome()) return null;
  return <Alert type="warning" banner closable title={t('chrome_tip')} />;
}
