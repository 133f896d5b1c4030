import { DownloadOutlined } from '@ant-design/icons';
import type { TTeachingSource } from '@app/contracts';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { PdfPages } from './PdfPages.tsx';
import { TrackedVideo } from './TrackedVideo.tsx';

function DownloadButton({ source, primary = false }: { source: TTeachingSource; primary?: boolean }) {
  const { t } = useTranslation('teaching-sources');
  return (
    <Button
      type={primary ? 'primary' : 'default'}
      icon={<DownloadOutlined />}
      href={source.download_url}
      download={source.file_name}
      data-testid="source-download"
    >
      {t('download_original')}
    </Button>
  );
}

/**
 * What a source shows: a document's pages, a video, or (being converted, failed, or a file browsers cannot show) why
 * not, with the original to download where there is one.
 */
export function SourcePreview({ source }: { source: TTeachingSource }) {
  const { t } = useTranslation('teaching-sources');
  const why = source.failure ? t(`failure_${source.failure}`, { defaultValue: t('failure_other') }) : undefined;
  if (source.status === 'processing')
    return (
      <Result
        icon={<Spin size="large" />}
        title={t('preview_processing')}
        subTitle={t(source.kind === 'video' ? 'preview_processing_video' : 'preview_processing_document')}
        data-testid="source-preview-processing"
      />
    );
  if (source.status === 'failed')
    return (
      <Result
        status="error"
        title={t('preview_failed')}
        subTitle={why}
        extra={<DownloadButton source={source} />}
        data-testid="source-preview-failed"
      />
    );
  if (!source.view_url)
    return (
      <Result
        status="info"
        title={t('preview_download_only')}
        subTitle={
          <>
            {why ?? t('failure_other')}
            <br />
            {t('preview_download_only_help')}
          </>
        }
        extra={<DownloadButton source={source} primary />}
        data-testid="source-preview-download-only"
      />
    );
  if (source.kind === 'video') return <TrackedVideo key={source.view_url} url={source.view_url} />;
  return <PdfPages url={source.view_url} />;
}
