import { ArrowLeftOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Card, Spin, Tabs } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useSession } from '../../shared/session/session-context.tsx';
import { AvatarForm } from './AvatarForm.tsx';
import { ClassTab } from './ClassTab.tsx';
import { PasswordForm } from './PasswordForm.tsx';
import { ProfileForm } from './ProfileForm.tsx';
import { profileQuery } from './queries.ts';
import { TeacherTab } from './TeacherTab.tsx';
import './myinfo.css';

/** The holder's certificates, with the certificates chunk (canvas drawing and printing) loaded only on that tab. */
const MyCertsList = lazy(async () => ({ default: (await import('../certificates/pages.ts')).MyCertsList }));

const TABS = ['info', 'password', 'avatar', 'class', 'teacher', 'certs'] as const;
type Tab = (typeof TABS)[number];

/** The tab a route names; anything else (no tab) is the info tab. */
export function tabOf(param: string | undefined): Tab {
  return TABS.find((tab) => tab === param) ?? 'info';
}

/** `/myinfo/{tab?}` outside the shell: a simple header, then the info, password, avatar, class, teacher and certificate tabs. */
export function MyInfoPage() {
  const { t } = useTranslation(['my-info', 'common', 'certificates']);
  const { detail } = useSession();
  const navigate = useNavigate();
  const tab = tabOf(useParams().tab);
  const profile = useQuery(profileQuery());
  const { user } = detail;

  useEffect(() => {
    document.title = `${t('title')} - ${user.site.name}`;
  }, [t, user.site.name]);

  const content = (node: (p: NonNullable<typeof profile.data>) => ReactNode) =>
    profile.data ? (
      node(profile.data)
    ) : (
      <div className="page-loading">
        <Spin />
      </div>
    );

  return (
    <div className="myinfo">
      <header className="myinfo-header">
        <span className="myinfo-brand">{t('common:product_name')}</span>
        <Link to="/" className="myinfo-back" data-testid="myinfo-back">
          <ArrowLeftOutlined /> {t('back_to_workspace')}
        </Link>
        <span className="myinfo-user" data-testid="myinfo-user">
          <Avatar size="small" src={user.avatar ?? undefined} icon={<UserOutlined />} />
          <span>{user.nickname}</span>
        </span>
      </header>
      <main className="myinfo-main">
        <Card title={t('title')}>
          <Tabs
            activeKey={tab}
            destroyOnHidden
            onChange={(key) => navigate(`/myinfo/${key}`)}
            items={[
              { key: 'info', label: t('tab_info'), children: content((p) => <ProfileForm profile={p} />) },
              { key: 'password', label: t('tab_password'), children: <PasswordForm /> },
              { key: 'avatar', label: t('tab_avatar'), children: content((p) => <AvatarForm avatar={p.avatar} />) },
              { key: 'class', label: t('tab_class'), children: <ClassTab /> },
              { key: 'teacher', label: t('tab_teacher'), children: <TeacherTab /> },
              {
                key: 'certs',
                label: t('certificates:tab_mine'),
                children: (
                  <Suspense fallback={<Spin />}>
                    <MyCertsList />
                  </Suspense>
                ),
              },
            ]}
          />
        </Card>
      </main>
    </div>
  );
}
