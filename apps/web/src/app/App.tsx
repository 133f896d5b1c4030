import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { setAuthFailHandler } from '../shared/api.ts';
import { queryClient, setToast } from './query-client.ts';
import { createRouter } from './router.tsx';
import { forgetSession } from './session/session-state.ts';

function ToastBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => setToast(message), [message]);
  return null;
}

/** Providers (query cache, antd in the user's language) and the router. */
export function App() {
  const { i18n } = useTranslation();
  const router = useMemo(() => createRouter(), []);
  useEffect(() => {
    setAuthFailHandler(() => {
      forgetSession();
      queryClient.clear();
      if (!window.location.pathname.startsWith('/login')) void router.navigate('/login');
    });
  }, [router]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={i18n.language === 'en-US' ? enUS : zhCN}
        theme={{ token: { colorPrimary: '#2f54eb', borderRadius: 6 } }}
      >
        <AntApp message={{ maxCount: 3 }}>
          <ToastBridge />
          <RouterProvider router={router} />
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
