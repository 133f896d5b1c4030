import {
  CheckCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import type { TCertStatus } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Input, Result, Spin } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../shared/api.ts';
import { LinkButton } from './LinkButton.tsx';
import { PublicFooter, PublicTopBar, usePublicTitle } from './PublicChrome.tsx';
import { certVerifyQuery } from './queries.ts';
import './cert-verify.css';

const ICON: Record<TCertStatus, { status: 'success' | 'warning' | 'error'; icon: ReactNode }> = {
  valid: { status: 'success', icon: <CheckCircleFilled /> },
  expired: { status: 'warning', icon: <ExclamationCircleFilled /> },
  revoked: { status: 'error', icon: <CloseCircleFilled /> },
};
const day = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD') : null);

/** `/cert/verify?code=`: public, outside the shell: type a certificate code, see whether it is genuine and valid. */
export function CertVerifyPage() {
  const { t } = useTranslation(['certificates', 'auth', 'common']);
  usePublicTitle(t('verify_title'));
  const [params, setParams] = useSearchParams();
  const code = params.get('code')?.trim() ?? '';
  const result = useQuery({
    ...certVerifyQuery(code),
    enabled: code !== '',
    retry: false,
  });
  const notFound = result.error instanceof ApiError && result.error.code === 'cert_not_found';
  const cert = result.data;

  return (
    <div className="help-page" data-testid="cert-verify-page">
      <PublicTopBar>
        <LinkButton to="/login" type="primary">
          {t('auth:nav_login')}
        </LinkButton>
      </PublicTopBar>
      <main className="cert-verify-main">
        <header className="help-head">
          <span className="help-head-icon">
            <SafetyCertificateOutlined />
          </span>
          <div>
            <h1>{t('verify_title')}</h1>
            <p>{t('verify_lead')}</p>
          </div>
        </header>
        <Card style={{ marginTop: 16 }}>
          <Input.Search
            key={code}
            defaultValue={code}
            size="large"
            allowClear
            maxLength={40}
            placeholder={t('verify_placeholder')}
            enterButton={t('verify_button')}
            loading={result.isFetching}
            onSearch={(value) => setParams(value.trim() ? { code: value.trim() } : {})}
            data-testid="cert-verify-input"
          />
          {code === '' && <Alert type="info" showIcon title={t('verify_code_required')} style={{ marginTop: 16 }} />}
          {result.isLoading && (
            <div className="page-loading">
              <Spin />
            </div>
          )}
          {notFound && <Result status="error" title={t('verify_not_found')} data-testid="cert-verify-not-found" />}
          {result.isError && !notFound && (
            <Alert type="error" showIcon title={errorMessage(result.error)} style={{ marginTop: 16 }} />
          )}
          {cert && (
            <div data-testid="cert-verify-result" data-status={cert.status}>
              <Result
                status={ICON[cert.status].status}
                icon={ICON[cert.status].icon}
                title={<span data-testid="cert-verify-status">{t(`verify_result_${cert.status}`)}</span>}
                subTitle={t(`status_${cert.status}`)}
              />
              <Descriptions bordered column={1} size="small">
                <Descriptions.Item label={t('code')}>{cert.code}</Descriptions.Item>
                <Descriptions.Item label={t('holder')}>{cert.holder_name}</Descriptions.Item>
                <Descriptions.Item label={t('title')}>{cert.title}</Descriptions.Item>
                <Descriptions.Item label={t('subject')}>{cert.subject}</Descriptions.Item>
                <Descriptions.Item label={t('template_issuer')}>{cert.issuer}</Descriptions.Item>
                <Descriptions.Item label={t('organisation')}>{cert.site_name}</Descriptions.Item>
                <Descriptions.Item label={t('issued_at')}>{day(cert.issued_at)}</Descriptions.Item>
                <Descriptions.Item label={t('expires_at')}>{day(cert.expires_at) ?? t('never')}</Descriptions.Item>
                {cert.revoked_at && (
                  <Descriptions.Item label={t('revoked_at')}>{day(cert.revoked_at)}</Descriptions.Item>
                )}
              </Descriptions>
            </div>
          )}
        </Card>
      </main>
      <PublicFooter />
    </div>
  );
}
