import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** 403, 404 and 500 pages with 'return home' and 'back'. */
export function ErrorPage({ status, onRetry }: { status: 403 | 404 | 500; onRetry?: () => void }) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <Result
      status={status}
      title={status}
      data-testid={`error-page-${status}`}
      subTitle={t(`error_page_${status}`)}
      extra={
        <Space>
          <Button type="primary" onClick={() => navigate('/')}>
            {t('return_home')}
          </Button>
          <Button onClick={() => navigate(-1)}>{t('back')}</Button>
          {onRetry && <Button onClick={onRetry}>{t('retry')}</Button>}
        </Space>
      }
    />
  );
}
