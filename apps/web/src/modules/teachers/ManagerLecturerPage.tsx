import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { NoticesTab } from './NoticesTab.tsx';
import { TeachersTab } from './TeachersTab.tsx';

/** `/manager/lecturer` (module 8): the organisation's teachers and applications, and notices to teachers. */
export function ManagerLecturerPage() {
  const { t } = useTranslation(['teachers', 'common']);
  return (
    <Card title={t('manager_title')} data-testid="manager-lecturer-page">
      <Tabs
        items={[
          { key: 'teachers', label: t('tab_teachers'), children: <TeachersTab /> },
          { key: 'notices', label: t('tab_notices'), children: <NoticesTab /> },
        ]}
      />
    </Card>
  );
}
