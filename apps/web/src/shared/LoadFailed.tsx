import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from './api.ts';

/** The error state of a page whose data did not load, with a retry. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Card data-testid="load-failed">
      <Result
        status="error"
        title={t('load_failed')}
        subTitle={errorMessage(error)}
        extra={
          <Button onClick={onRetry} data-testid="load-retry">
            {t('retry')}
          </Button>
        }
      />
    </Card>
  );
}
