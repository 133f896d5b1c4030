import { QueryCache, QueryClient } from '@tanstack/react-query';
import type { MessageInstance } from 'antd/es/message/interface';
import { ApiError, errorMessage } from './api.ts';

let toast: MessageInstance | null = null;
/** The App component hands over antd's message instance (it carries the theme and language). */
export function setToast(instance: MessageInstance): void {
  toast = instance;
}

/** Error toasts stay 10 s; aborted calls and auth_fail (which navigates away) say nothing. */
export function showError(error: unknown): void {
  if (error instanceof ApiError && error.code === 'auth_fail') return;
  const text = errorMessage(error);
  if (text) void toast?.error({ content: text, duration: 10, key: text });
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: showError }),
  defaultOptions: {
    queries: {
      retry: (count, error) => !(error instanceof ApiError && error.status > 0 && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { onError: showError },
  },
});
