import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { SearchParamTabs } from '../../shared/SearchParamTabs.tsx';
import { CertIssuedTab } from './CertIssuedTab.tsx';
import { MyCertsList } from './MyCertsList.tsx';

/** `/trainingcamp/mycerts` (teachers' information module): the caller's own certificates. */
export function MyCertsPage() {
  const { t } = useTranslation('certificates');
  return (
    <Card title={t('tab_mine')}>
      <MyCertsList />
    </Card>
  );
}

/**
 * `/manager/trainingcamp/mycerts` ("Organisation certificates"): the manager's own certificates, and in a second
 * tab the certificates the organisation has issued (the same list as the certificate management page).
 */
export function ManagerCertsPage() {
  const { t } = useTranslation('certificates');
  return (
    <SearchParamTabs
      items={[
        { key: 'mine', label: t('tab_mine'), children: <MyCertsList /> },
        { key: 'organisation', label: t('tab_organisation'), children: <CertIssuedTab /> },
      ]}
    />
  );
}
