import { DownloadOutlined, PrinterOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { TMyCert } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Row, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../shared/format.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { downloadCertificate, drawCertificate, printCertificate, verifyUrl } from './cert-canvas.ts';
import { certLabels, STATUS_COLOR } from './cert-labels.ts';
import { myCertsQuery } from './queries.ts';
import './certificates.css';

function CertPreview({ cert }: { cert: TMyCert }) {
  const { t } = useTranslation('certificates');
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (canvas.current) drawCertificate(canvas.current, cert, certLabels(t, cert));
  }, [cert, t]);
  return <canvas ref={canvas} className="cert-card-preview" aria-label={cert.title} />;
}

function CertCard({ cert }: { cert: TMyCert }) {
  const { t } = useTranslation(['certificates', 'common']);
  return (
    <Card
      size="small"
      title={
        <Space>
          <SafetyCertificateOutlined />
          <span>{cert.subject}</span>
        </Space>
      }
      extra={
        <Tag color={STATUS_COLOR[cert.status]} data-testid="mycert-status">
          {t(`status_${cert.status}`)}
        </Tag>
      }
      data-testid={`mycert-${cert.code}`}
      actions={[
        <Button
          key="png"
          type="link"
          icon={<DownloadOutlined />}
          onClick={() => downloadCertificate(cert, certLabels(t, cert))}
          data-testid="mycert-download"
        >
          {t('download_png')}
        </Button>,
        <Button
          key="print"
          type="link"
          icon={<PrinterOutlined />}
          title={t('print_help')}
          onClick={() => printCertificate(cert, certLabels(t, cert))}
          data-testid="mycert-print"
        >
          {t('print')}
        </Button>,
      ]}
    >
      <CertPreview cert={cert} />
      <Space direction="vertical" size={2} style={{ marginTop: 12, width: '100%' }}>
        <Typography.Text copyable={{ text: cert.code }} data-testid="mycert-code">
          {t('code')}: {cert.code}
        </Typography.Text>
        <Typography.Text type="secondary">
          {cert.site_name} · {t('issued_at')} {formatDay(cert.issued_at)} · {t('expires_at')}{' '}
          {cert.expires_at ? formatDay(cert.expires_at) : t('never')}
        </Typography.Text>
        {cert.status === 'revoked' && cert.revoke_reason && (
          <Typography.Text type="danger">{t('revoke_reason_label', { reason: cert.revoke_reason })}</Typography.Text>
        )}
        <Typography.Link href={verifyUrl(cert.code)} target="_blank">
          {t('verify_link')}
        </Typography.Link>
      </Space>
    </Card>
  );
}

/** The caller's certificates (every organisation) as cards: preview, PNG download, print (PDF), verify link. */
export function MyCertsList() {
  const { t } = useTranslation(['certificates', 'common']);
  const mine = useQuery(myCertsQuery());
  if (mine.isError && !mine.data) return <LoadFailed error={mine.error} onRetry={() => mine.refetch()} />;
  if (mine.isLoading)
    return (
      <div className="page-loading">
        <Spin />
      </div>
    );
  if (!mine.data?.length) return <Empty description={t('mine_empty')} data-testid="mycerts-empty" />;
  return (
    <Row gutter={[16, 16]} data-testid="mycerts-list">
      {mine.data.map((cert) => (
        <Col key={cert.id} xs={24} md={12} xl={8}>
          <CertCard cert={cert} />
        </Col>
      ))}
    </Row>
  );
}
