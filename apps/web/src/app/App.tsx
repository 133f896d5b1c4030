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
/**
 * The look: the brand blue for buttons and links alike, and secondary text dark enough to read (WCAG AA, 4.5:1 on
 * white; antd's default #8c8c8c reaches 3.4:1, its placeholders 1.9:1 and its link blue 4.1:1). Disabled text keeps
 * antd's (exempt).
 */
const THEME = {
  token: {
    colorPrimary: '#2f54eb',
    colorLink: '#2f54eb',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    borderRadius: 6,
  },
};

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
      <ConfigProvider locale={i18n.language === 'en-US' ? enUS : zhCN} theme={THEME}>
        <AntApp message={{ maxCount: 3 }}>
          <ToastBridge />
          <RouterProvider router={router} />
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
