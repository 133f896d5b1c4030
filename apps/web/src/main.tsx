import './shared/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { initI18n } from './shared/i18n.ts';
import { prefetchErrorPage } from './shared/LazyErrorPage.tsx';
import { loadRuntimeConfig } from './shared/runtime-config.ts';
import './styles.css';

/** Start: per-origin configuration and the language's catalogues first, then the app. */
async function start(): Promise<void> {
  await Promise.all([loadRuntimeConfig(), initI18n()]);
  const container = document.getElementById('root');
  if (!container) return;
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  prefetchErrorPage();
}

void start();
