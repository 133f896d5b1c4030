import { Spin } from 'antd';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { accessPages } from '../modules/auth/index.ts';
import { LazyErrorPage } from '../shared/LazyErrorPage.tsx';
import { RequireSession } from '../shared/session/session-context.tsx';
import { RouteError } from './errors/RouteError.tsx';
import { PAGES } from './pages.ts';
import { findRouteModule } from './shell/navigation.ts';
import { ShellLayout } from './shell/ShellLayout.tsx';

const myinfo = () => import('../modules/my-info/index.ts');
/** The public pages load one by one (the login page carries nothing else); other areas load a chunk per module. */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
const LoginPage = page(accessPages.LoginPage, 'LoginPage');
const RegisterPage = page(accessPages.RegisterPage, 'RegisterPage');
const RegisterSitePage = page(accessPages.RegisterSitePage, 'RegisterSitePage');
const ForgetPasswordPage = page(accessPages.ForgetPasswordPage, 'ForgetPasswordPage');
const QuickLoginPage = page(accessPages.QuickLoginPage, 'QuickLoginPage');
const HomePage = page(accessPages.HomePage, 'HomePage');
const WxHelpPage = page(accessPages.WxHelpPage, 'WxHelpPage');
const CertVerifyPage = page(accessPages.CertVerifyPage, 'CertVerifyPage');
const MyInfoPage = page(myinfo, 'MyInfoPage');
const ExamPage = page(() => import('../modules/exam-taking/pages.ts'), 'ExamPage');
const liveRooms = () => import('../modules/live-rooms/pages.ts');
const HostLiveRoomPage = page(liveRooms, 'HostLiveRoomPage');
const StudentLiveRoomPage = page(liveRooms, 'StudentLiveRoomPage');

function Loading({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="page-loading">
          <Spin size="large" />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

const shellRoutes: RouteObject[] = Object.entries(PAGES).map(([name, Page]) => {
  const found = findRouteModule(name);
  if (!found) throw new Error(`page ${name} has no route in the catalogue`);
  return { path: found.route.path.replace(/^\//, ''), handle: { name }, element: <Page /> };
});

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      {
        path: '/login',
        element: (
          <Loading>
            <LoginPage />
          </Loading>
        ),
      },
      {
        path: '/home',
        element: (
          <Loading>
            <HomePage />
          </Loading>
        ),
      },
      {
        path: '/quicklogin/:access_token',
        element: (
          <Loading>
            <QuickLoginPage />
          </Loading>
        ),
      },
      {
        path: '/register/:id?',
        element: (
          <Loading>
            <RegisterPage />
          </Loading>
        ),
      },
      {
        path: '/registersite',
        element: (
          <Loading>
            <RegisterSitePage />
          </Loading>
        ),
      },
      {
        path: '/forget-password',
        element: (
          <Loading>
            <ForgetPasswordPage />
          </Loading>
        ),
      },
      {
        path: '/wx-help',
        element: (
          <Loading>
            <WxHelpPage />
          </Loading>
        ),
      },
      {
        path: '/cert/verify',
        element: (
          <Loading>
            <CertVerifyPage />
          </Loading>
        ),
      },
      { path: '/403', element: <LazyErrorPage status={403} /> },
      { path: '/404', element: <LazyErrorPage status={404} /> },
      { path: '/500', element: <LazyErrorPage status={500} /> },
      {
        path: '/myinfo/:tab?',
        element: (
          <RequireSession>
            <Loading>
              <MyInfoPage />
            </Loading>
          </RequireSession>
        ),
      },
      {
        path: '/exam',
        element: (
          <RequireSession>
            <Loading>
              <ExamPage />
            </Loading>
          </RequireSession>
        ),
      },
      // A live room takes the whole window (outside the shell), for its hosts and for its students.
      {
        path: '/teacher/liveroom-detail',
        element: (
          <RequireSession>
            <Loading>
              <HostLiveRoomPage />
            </Loading>
          </RequireSession>
        ),
      },
      {
        path: '/liveroom-detail',
        element: (
          <RequireSession>
            <Loading>
              <StudentLiveRoomPage />
            </Loading>
          </RequireSession>
        ),
      },
      {
        path: '/',
        element: (
          <RequireSession>
            <ShellLayout />
          </RequireSession>
        ),
        children: [{ index: true, element: null }, ...shellRoutes],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
