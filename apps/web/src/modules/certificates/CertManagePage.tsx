import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CertIssuedTab } from './CertIssuedTab.tsx';
import { CertTemplatesTab } from './CertTemplatesTab.tsx';

/** `/trainingcamp/certmanage`: the organisation's certificate templates and the certificates issued with them. */
export function CertManagePage() {
  const { t } = useTranslation('certificates');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'issued' ? 'issued' : 'templates';
  return (
    <Card>
      <Tabs
        activeKey={tab}
        destroyOnHidden
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        items={[
          { key: 'templates', label: t('tab_templates'), children: <CertTemplatesTab /> },
          { key: 'issued', label: t('tab_issued'), children: <CertIssuedTab /> },
        ]}
      />
    </Card>
  );
}
