import type { authProcedures, OutputOf } from '@app/contracts';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

/** Placeholder page until the real shell arrives: the product name and the organisation from `/index/init`. */

const PRODUCT_NAME = 'LearnLabel';

const TEXT = {
  loading: '正在加载机构信息…',
  organisation: '当前机构',
  failed: '无法连接服务器，请稍后重试。',
  welcome: '欢迎使用学习与标注平台',
} as const;

type InitOutput = OutputOf<typeof authProcedures.init>;
type InitState =
  | { kind: 'loading' }
  | { kind: 'ready'; site: InitOutput['site'] }
  | { kind: 'failed'; message: string };

async function fetchInit(signal: AbortSignal): Promise<InitOutput> {
  const response = await fetch('/api/index/init', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
    signal,
  });
  const body = (await response.json()) as { data?: InitOutput; error?: string; message?: string };
  if (body.error !== undefined || body.data === undefined) throw new Error(body.message ?? TEXT.failed);
  return body.data;
}

function App() {
  const [state, setState] = useState<InitState>({ kind: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    fetchInit(controller.signal).then(
      (data) => setState({ kind: 'ready', site: data.site }),
      (error: unknown) => {
        if (!controller.signal.aborted) {
          setState({ kind: 'failed', message: error instanceof Error ? error.message : TEXT.failed });
        }
      },
    );
    return () => controller.abort();
  }, []);

  useEffect(() => {
    document.title = state.kind === 'ready' ? `${PRODUCT_NAME} - ${state.site.name}` : PRODUCT_NAME;
  }, [state]);

  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '15vh auto', padding: '0 24px' }}>
      <h1>{PRODUCT_NAME}</h1>
      <p>{TEXT.welcome}</p>
      {state.kind === 'loading' && <p>{TEXT.loading}</p>}
      {state.kind === 'ready' && (
        <p>
          {TEXT.organisation}：<strong data-testid="site-name">{state.site.name}</strong>
        </p>
      )}
      {state.kind === 'failed' && <p role="alert">{state.message || TEXT.failed}</p>}
    </main>
  );
}

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
