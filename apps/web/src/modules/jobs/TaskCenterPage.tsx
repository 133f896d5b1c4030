import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useMayCall } from '../../shared/session/session-context.tsx';
import { MyTasksTab } from './MyTasksTab.tsx';
import { TeamTasksTab } from './TeamTasksTab.tsx';

/**
 * `/production/task/:tab?/:subtab?`: My tasks (`my`, subtabs doing / finished) and, for those who may run the
 * work (`/task/list`), Team tasks (`team`).
 */
export function TaskCenterPage() {
  const { t } = useTranslation('jobs');
  const navigate = useNavigate();
  const params = useParams();
  const teamAllowed = useMayCall('/task/list');
  const tab = params.tab === 'team' && teamAllowed ? 'team' : 'my';
  const subtab = params.subtab === 'finished' ? 'finished' : 'doing';

  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={(key) => navigate(key === 'team' ? '/production/task/team' : `/production/task/my/${subtab}`)}
        destroyOnHidden
        data-testid="task-tabs"
        items={[
          {
            key: 'my',
            label: t('tab_my'),
            children: (
              <MyTasksTab
                subtab={subtab}
                onSubtab={(next) => navigate(`/production/task/my/${next}`, { replace: true })}
              />
            ),
          },
          ...(teamAllowed ? [{ key: 'team', label: t('tab_team'), children: <TeamTasksTab /> }] : []),
        ]}
      />
    </Card>
  );
}
