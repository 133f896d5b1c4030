import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { LazyErrorPage } from '../../shared/LazyErrorPage.tsx';

/** A page chunk that fails to load means a new version was deployed: offer a reload. */
export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /Failed to fetch dynamically imported module|Importing a module script failed|CSS_CHUNK_LOAD_FAILED|error loading dynamically imported module/i.test(
    text,
  );
}

export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('common');
  if (isChunkLoadError(error)) {
    return (
      <div role="alert" style={{ padding: '48px 24px', textAlign: 'center' }}>
        <h2>{t('new_version_title')}</h2>
        <p>{t('new_version_text')}</p>
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('reload')}
        </Button>
      </div>
    );
  }
  console.error(error);
  return <LazyErrorPage status={500} />;
}
