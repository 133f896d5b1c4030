import { EyeInvisibleOutlined, EyeOutlined, LockFilled, UnlockOutlined } from '@ant-design/icons';
import { Button, Empty, Typography } from 'antd';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { boxAt, keyFrameNumbers, outsideFrames, type VideoTrack } from './track-model.ts';

export interface ListedTrack {
  track: VideoTrack;
  /** Position among the tracks (the test ids use it). */
  index: number;
  color: string;
}

interface Props {
  tracks: ListedTrack[];
  frame: number;
  count: number;
  selectedId: string | null;
  readOnly: boolean;
  onSelect: (id: string) => void;
  onSeek: (frame: number) => void;
  onPatch: (id: string, patch: Partial<Pick<VideoTrack, 'hidden' | 'locked'>>) => void;
}

const pct = (frame: number, count: number) => `${((frame + 0.5) / Math.max(1, count)) * 100}%`;

/**
 * One row per track: its name, and a bar across the video's frames with the span it covers, its key frames
 * (diamonds; outside ones hollow) and the current frame. A click on the bar goes to that frame and selects the
 * track. Each row carries the track's box on the current frame as data attributes (data-x, -y, -w, -h, -key).
 */
export function TrackTimeline({ tracks, frame, count, selectedId, readOnly, onSelect, onSeek, onPatch }: Props) {
  const { t } = useTranslation('video-tool');
  const seekFromBar = (event: MouseEvent<HTMLDivElement>, id: string) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const at = Math.floor(((event.clientX - rect.left) / Math.max(1, rect.width)) * count);
    onSelect(id);
    onSeek(Math.min(count - 1, Math.max(0, at)));
  };
  return (
    <div data-testid="track-timeline" style={{ marginTop: 8, maxHeight: 168, overflowY: 'auto', flex: 'none' }}>
      <Typography.Text type="secondary">{t('timeline', { count: tracks.length })}</Typography.Text>
      {tracks.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(readOnly ? 'no_tracks' : 'no_tracks_hint')} />
      )}
      {tracks.map(({ track, index, color }) => {
        const keys = keyFrameNumbers(track);
        const outside = outsideFrames(track);
        const first = keys[0] ?? 0;
        const shown = boxAt(track, frame);
        const selected = track.id === selectedId;
        return (
          <div
            key={track.id}
            data-testid={`track-row-${index}`}
            data-track-id={track.id}
            data-keys={keys.join(',')}
            data-x={shown?.x}
            data-y={shown?.y}
            data-w={shown?.w}
            data-h={shown?.h}
            data-key={shown ? String(shown.key) : undefined}
            data-outside={shown ? String(shown.outside) : undefined}
            style={{
              display: 'flex',
              alignItems: 'center',
              gap: 6,
              padding: '2px 4px',
              borderRadius: 4,
              background: selected ? 'rgba(22,119,255,0.12)' : undefined,
              opacity: track.hidden ? 0.5 : 1,
            }}
          >
            <button
              type="button"
              onClick={() => onSelect(track.id)}
              data-testid={`track-name-${index}`}
              style={{
                all: 'unset',
                cursor: 'pointer',
                width: 130,
                flex: 'none',
                display: 'flex',
                alignItems: 'center',
                gap: 4,
                overflow: 'hidden',
              }}
            >
              <span style={{ width: 10, height: 10, borderRadius: 2, background: color, flex: 'none' }} />
              <Typography.Text ellipsis>
                {index + 1}. {track.label ?? t('no_label')}
              </Typography.Text>
            </button>
            {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the frame keys and slider do the same from the keyboard */}
            <div
              onClick={(event) => seekFromBar(event, track.id)}
              data-testid={`track-bar-${index}`}
              style={{ position: 'relative', flex: 1, height: 18, background: '#f0f0f0', cursor: 'pointer' }}
            >
              <div
                style={{
                  position: 'absolute',
                  top: 6,
                  height: 6,
                  left: `${(first / Math.max(1, count)) * 100}%`,
                  right: 0,
                  background: `${color}55`,
                }}
              />
              {keys.map((k) => (
                <span
                  key={k}
                  title={t('frame_n', { n: k + 1 })}
                  data-testid={`track-key-${index}-${k}`}
                  style={{
                    position: 'absolute',
                    top: 4,
                    left: pct(k, count),
                    width: 9,
                    height: 9,
                    marginLeft: -4.5,
                    transform: 'rotate(45deg)',
                    border: `2px solid ${color}`,
                    background: outside.has(k) ? '#fff' : color,
                  }}
                />
              ))}
              <span
                style={{
                  position: 'absolute',
                  top: 0,
                  bottom: 0,
                  left: pct(frame, count),
                  width: 2,
                  marginLeft: -1,
                  background: '#ff4d4f',
                }}
              />
            </div>
            <Button
              size="small"
              type="text"
              icon={track.hidden ? <EyeInvisibleOutlined /> : <EyeOutlined />}
              aria-label={track.hidden ? t('show') : t('hide')}
              title={track.hidden ? t('show') : t('hide')}
              data-testid={`track-hide-${index}`}
              onClick={() => onPatch(track.id, { hidden: !track.hidden })}
            />
            {!readOnly && (
              <Button
                size="small"
                type="text"
                icon={track.locked ? <LockFilled /> : <UnlockOutlined />}
                aria-label={track.locked ? t('unlock') : t('lock')}
                title={track.locked ? t('unlock') : t('lock')}
                data-testid={`track-lock-${index}`}
                onClick={() => onPatch(track.id, { locked: !track.locked })}
              />
            )}
          </div>
        );
      })}
    </div>
  );
}
