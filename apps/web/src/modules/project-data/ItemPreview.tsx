import type { TDataItemRow } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Modal, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api.ts';
import { formatBytes } from '../../shared/format.ts';
import { dataItemQuery } from './queries.ts';
import './production-data.css';

/** The first 64 KB of a stored text file, read through the authorised file route (the session cookie). */
async function readText(url: string, signal: AbortSignal): Promise<string> {
  const response = await fetch(url, { headers: { range: 'bytes=0-65535' }, signal });
  if (!response.ok) throw new Error(String(response.status));
  return response.text();
}

function Media({ item, text }: { item: TDataItemRow; text?: string }) {
  const { t } = useTranslation('project-data');
  if (!item.url) return null;
  switch (item.kind) {
    case 'image':
      return (
        <img src={item.url} alt={item.name} style={{ maxWidth: '100%', maxHeight: 480 }} data-testid="preview-image" />
      );
    case 'audio':
      // biome-ignore lint/a11y/useMediaCaption: annotation data has no captions
      return <audio src={item.url} controls preload="metadata" style={{ width: '100%' }} data-testid="preview-audio" />;
    case 'video':
      return (
        // biome-ignore lint/a11y/useMediaCaption: annotation data has no captions
        <video
          src={item.url}
          controls
          preload="metadata"
          style={{ maxWidth: '100%', maxHeight: 480 }}
          data-testid="preview-video"
        />
      );
    case 'text':
      return text === undefined ? <Spin /> : <pre className="production-data-text">{text}</pre>;
    default:
      return (
        <Typography.Link href={item.url} target="_blank" rel="noreferrer">
          {t('open_file')}
        </Typography.Link>
      );
  }
}

/** One item in a dialog: the media itself (image, player, text) and a record's fields as JSON. */
export function ItemPreview({ item, onClose }: { item: TDataItemRow | null; onClose: () => void }) {
  const { t } = useTranslation('project-data');
  const detail = useQuery({
    ...dataItemQuery(item?.id),
    enabled: item !== null,
  });
  const stored = item?.url?.startsWith('/api/file/') ?? false;
  const text = useQuery({
    queryKey: ['data-item-text', item?.id],
    queryFn: ({ signal }) => readText(item!.url!, signal),
    enabled: item !== null && item.kind === 'text' && stored,
  });
  return (
    <Modal open={item !== null} onCancel={onClose} footer={null} width={760} title={item?.name} destroyOnHidden>
      {item && (
        <div data-testid="data-item-preview">
          <Descriptions size="small" column={3} style={{ marginBottom: 12 }}>
            <Descriptions.Item label={t('seq')}>{item.seq}</Descriptions.Item>
            <Descriptions.Item label={t('kind')}>{t(`kind_${item.kind}`)}</Descriptions.Item>
            <Descriptions.Item label={t('size')}>{formatBytes(item.size)}</Descriptions.Item>
          </Descriptions>
          <Media item={item} text={text.data} />
          {text.isError && <Alert type="error" showIcon title={t('preview_failed')} />}
          {detail.isError && <Alert type="error" showIcon title={errorMessage(detail.error)} />}
          {detail.data?.payload && (
            <>
              <Typography.Title level={5} style={{ marginTop: 12 }}>
                {t('record_fields')}
              </Typography.Title>
              <pre className="production-data-text" data-testid="preview-record">
                {JSON.stringify(detail.data.payload, null, 2)}
              </pre>
            </>
          )}
        </div>
      )}
    </Modal>
  );
}
