import { useTranslation } from 'react-i18next';
import { SearchParamTabs } from '../../shared/SearchParamTabs.tsx';
import { CertIssuedTab } from './CertIssuedTab.tsx';
import { CertTemplatesTab } from './CertTemplatesTab.tsx';

/** `/trainingcamp/certmanage`: the organisation's certificate templates and the certificates issued with them. */
export function CertManagePage() {
  const { t } = useTranslation('certificates');
  return (
    <SearchParamTabs
      items={[
        { key: 'templates', label: t('tab_templates'), children: <CertTemplatesTab /> },
        { key: 'issued', label: t('tab_issued'), children: <CertIssuedTab /> },
      ]}
    />
  );
}
