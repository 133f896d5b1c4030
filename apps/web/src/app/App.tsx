import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { setAuthFailHandler } from '../shared/api.ts';
import { queryClient, setToast } from '../shared/query-client.ts';
import { forgetSession } from '../shared/session/session-state.ts';
import { createRouter } from './router.tsx';

function ToastBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => setToast(message), [message]);
  return null;
}

/** Providers (query cache, antd in the user's language) and the router. */
/**
 * The look: the brand blue for buttons and links alike, and text dark enough to read (WCAG AA, 4.5:1 on white or
 * on a tag's light fill). antd's defaults fall short: secondary text #8c8c8c 3.4:1, placeholders 1.9:1, link blue
 * 4.1:1, danger red 3.9:1, a table's empty text 1.8:1 (tags: styles.css). Disabled controls keep antd's (exempt).
 */
const THEME = {
  token: {
    colorPrimary: '#2f54eb',
    colorLink: '#2f54eb',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    colorError: '#cf1322',
    borderRadius: 6,
  },
  components: {
    // The empty text of a table (antd draws it in the disabled grey).
    Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.6)' },
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
