import type { TJobView } from '@app/contracts';
import { Descriptions, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

type Item = TJobView['item'];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

function Payload({ payload }: { payload: unknown }) {
  const { t } = useTranslation('jobs');
  if (payload === null || payload === undefined) return null;
  if (typeof payload === 'string') {
    return (
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} data-testid="job-item-text">
        {payload}
      </Typography.Paragraph>
    );
  }
  if (isRecord(payload)) {
    const entries = Object.entries(payload);
    if (entries.length === 0) return <Empty description={t('item_empty')} />;
    return (
      <Descriptions size="small" bordered column={1} data-testid="job-item-record">
        {entries.map(([key, value]) => (
          <Descriptions.Item key={key} label={key}>
            <span style={{ whiteSpace: 'pre-wrap' }}>{show(value)}</span>
          </Descriptions.Item>
        ))}
      </Descriptions>
    );
  }
  return <pre style={{ whiteSpace: 'pre-wrap' }}>{show(payload)}</pre>;
}

/** The data item of a job: the image, audio or video from its URL, a text, or a record as key / value rows. */
export function ItemView({ item }: { item: Item }) {
  const { t } = useTranslation('jobs');
  const media = (() => {
    if (!item.url) return null;
    switch (item.kind) {
      case 'image':
        return <img src={item.url} alt={item.name} style={{ maxWidth: '100%', maxHeight: '70vh' }} />;
      case 'audio':
        // biome-ignore lint/a11y/useMediaCaption: annotation data carries no captions
        return <audio src={item.url} controls style={{ width: '100%' }} />;
      case 'video':
        // biome-ignore lint/a11y/useMediaCaption: annotation data carries no captions
        return <video src={item.url} controls style={{ maxWidth: '100%', maxHeight: '70vh' }} />;
      default:
        return (
          <Typography.Link href={item.url} target="_blank" rel="noreferrer">
            {t('open_file', { name: item.name })}
          </Typography.Link>
        );
    }
  })();
  return (
    <div data-testid="job-item">
      <Typography.Text type="secondary">
        #{item.seq} {item.name}
      </Typography.Text>
      <div style={{ marginTop: 8 }}>
        {media}
        <Payload payload={item.payload} />
        {!media && (item.payload === null || item.payload === undefined) && <Empty description={t('item_empty')} />}
      </div>
    </div>
  );
}
