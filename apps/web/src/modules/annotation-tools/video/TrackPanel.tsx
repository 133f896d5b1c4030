import { DeleteOutlined, LeftOutlined, PushpinOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Descriptions, Popconfirm, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RelabelSelect } from '../RelabelSelect.tsx';
import { adjacentKeyFrame, boxAt, keyFrameNumbers, type VideoTrack } from './track-model.ts';

interface Props {
  track: VideoTrack | null;
  index: number;
  /** The labels of the track's tool (the change-label choices). */
  labels: readonly { name: string; color: string }[];
  frame: number;
  readOnly: boolean;
  onRelabel: (id: string, label: string) => void;
  onSeek: (frame: number) => void;
  onKey: () => void;
  onRemoveKey: () => void;
  onOutside: (outside: boolean) => void;
  onDelete: () => void;
}

const num = (n: number | undefined) => (n === undefined ? '—' : String(Math.round(n * 100) / 100));

/**
 * The selected track on the current frame: its box (x, y, w, h in video pixels; whether a key frame or
 * interpolated), the neighbouring key frames, and (when editable) changing its label, keying the shown box, removing
 * the key frame, marking the object outside from this frame, and deleting the track.
 */
export function TrackPanel(props: Props) {
  const { track, index, labels, frame, readOnly, onRelabel, onSeek, onKey, onRemoveKey, onOutside, onDelete } = props;
  const { t } = useTranslation(['video-tool', 'common']);
  if (!track) {
    return (
      <Typography.Paragraph type="secondary" data-testid="track-panel-empty">
        {t('select_track_hint')}
      </Typography.Paragraph>
    );
  }
  const shown = boxAt(track, frame);
  const keys = keyFrameNumbers(track);
  const previous = adjacentKeyFrame(track, frame, -1);
  const next = adjacentKeyFrame(track, frame, 1);
  const editable = !readOnly && !track.locked;
  const state = !shown
    ? t('not_started')
    : shown.outside
      ? t('outside')
      : shown.key
        ? t('key_frame')
        : t('interpolated');
  return (
    <div
      data-testid="track-panel"
      data-x={shown?.x}
      data-y={shown?.y}
      data-w={shown?.w}
      data-h={shown?.h}
      data-key={shown ? String(shown.key) : undefined}
    >
      <Typography.Text strong>
        {t('track_title', { n: index + 1, label: track.label ?? t('no_label') })}
      </Typography.Text>
      {editable && labels.length > 0 && (
        <div style={{ marginTop: 4 }}>
          <RelabelSelect
            value={track.label}
            labels={labels}
            disabled={false}
            onRelabel={(label) => onRelabel(track.id, label)}
            testId="track-relabel"
            style={{ width: '100%' }}
          />
        </div>
      )}
      <Descriptions size="small" column={2} style={{ marginTop: 4 }}>
        <Descriptions.Item label="x">
          <span data-testid="track-box-x">{num(shown?.x)}</span>
        </Descriptions.Item>
        <Descriptions.Item label="y">
          <span data-testid="track-box-y">{num(shown?.y)}</span>
        </Descriptions.Item>
        <Descriptions.Item label="w">
          <span data-testid="track-box-w">{num(shown?.w)}</span>
        </Descriptions.Item>
        <Descriptions.Item label="h">
          <span data-testid="track-box-h">{num(shown?.h)}</span>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }} data-testid="track-frame-state">
        {t('frame_state', { n: frame + 1, state })} · {t('key_count', { count: keys.length })}
      </Typography.Paragraph>
      <Space wrap size={[4, 4]}>
        <Button
          size="small"
          icon={<LeftOutlined />}
          disabled={previous === null}
          onClick={() => previous !== null && onSeek(previous)}
          data-testid="track-prev-key"
        >
          {t('previous_key')}
        </Button>
        <Button
          size="small"
          disabled={next === null}
          onClick={() => next !== null && onSeek(next)}
          data-testid="track-next-key"
        >
          {t('next_key')}
          <RightOutlined />
        </Button>
      </Space>
      {editable && shown && (
        <Space wrap size={[4, 4]} style={{ marginTop: 8 }}>
          {!shown.key && (
            <Button size="small" icon={<PushpinOutlined />} onClick={onKey} data-testid="track-add-key">
              {t('add_key')}
            </Button>
          )}
          {shown.key && (
            <Button size="small" onClick={onRemoveKey} data-testid="track-remove-key">
              {t(keys.length > 1 ? 'remove_key' : 'remove_last_key')}
            </Button>
          )}
          <Space size={4}>
            <Switch
              size="small"
              checked={shown.outside}
              onChange={onOutside}
              data-testid="track-outside"
              aria-label={t('outside_toggle')}
            />
            <Typography.Text>{t('outside_toggle')}</Typography.Text>
          </Space>
        </Space>
      )}
      {editable && (
        <div style={{ marginTop: 8 }}>
          <Popconfirm
            title={t('delete_track_confirm')}
            okText={t('delete')}
            cancelText={t('common:cancel')}
            okButtonProps={{ danger: true, ...{ 'data-testid': 'track-delete-confirm' } }}
            onConfirm={onDelete}
          >
            <Button size="small" danger icon={<DeleteOutlined />} data-testid="track-delete">
              {t('delete_track')}
            </Button>
          </Popconfirm>
        </div>
      )}
    </div>
  );
}
