import {
  CaretRightOutlined,
  CheckCircleOutlined,
  PauseOutlined,
  StepBackwardOutlined,
  StepForwardOutlined,
  VerticalLeftOutlined,
  VerticalRightOutlined,
} from '@ant-design/icons';
import { Button, Select, Slider, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { VideoFrames } from './use-video-frames.ts';

const RATES = [0.25, 0.5, 1, 1.5, 2];

/** Play / pause, previous / next frame, ±10 frames, the frame slider and counter, the speed, and the played mark. */
export function VideoControls({
  frames,
  fps,
  mustPlayThrough,
}: {
  frames: VideoFrames;
  fps: number;
  mustPlayThrough: boolean;
}) {
  const { t } = useTranslation('video-tool');
  const { frame, count, playing, status } = frames;
  const disabled = status !== 'ready';
  const seconds = (frame + 0.5) / fps;
  return (
    <div style={{ marginTop: 8 }} data-testid="video-controls">
      <Slider
        min={0}
        max={Math.max(0, count - 1)}
        value={frame}
        disabled={disabled}
        onChange={(value) => frames.seek(value)}
        tooltip={{ formatter: (value) => t('frame_n', { n: (value ?? 0) + 1 }) }}
        style={{ margin: '4px 8px 8px' }}
        data-testid="video-slider"
      />
      <Space wrap size={[8, 8]}>
        <Space.Compact>
          <Tooltip title={t('jump_back_hint')}>
            <Button
              icon={<VerticalRightOutlined />}
              disabled={disabled}
              onClick={() => frames.step(-10)}
              aria-label={t('jump_back')}
              data-testid="video-jump-back"
            />
          </Tooltip>
          <Tooltip title={t('previous_frame_hint')}>
            <Button
              icon={<StepBackwardOutlined />}
              disabled={disabled}
              onClick={() => frames.step(-1)}
              aria-label={t('previous_frame')}
              data-testid="video-prev-frame"
            />
          </Tooltip>
          <Tooltip title={t('play_hint')}>
            <Button
              type="primary"
              icon={playing ? <PauseOutlined /> : <CaretRightOutlined />}
              disabled={disabled}
              onClick={frames.toggle}
              aria-label={playing ? t('pause') : t('play')}
              data-testid="video-play"
            />
          </Tooltip>
          <Tooltip title={t('next_frame_hint')}>
            <Button
              icon={<StepForwardOutlined />}
              disabled={disabled}
              onClick={() => frames.step(1)}
              aria-label={t('next_frame')}
              data-testid="video-next-frame"
            />
          </Tooltip>
          <Tooltip title={t('jump_forward_hint')}>
            <Button
              icon={<VerticalLeftOutlined />}
              disabled={disabled}
              onClick={() => frames.step(10)}
              aria-label={t('jump_forward')}
              data-testid="video-jump-forward"
            />
          </Tooltip>
        </Space.Compact>
        <Typography.Text strong data-testid="video-frame-counter" data-frame={frame}>
          {t('frame_counter', { n: frame + 1, count })}
        </Typography.Text>
        <Typography.Text type="secondary">{t('time', { seconds: seconds.toFixed(2), fps })}</Typography.Text>
        <Select
          size="small"
          value={frames.rate}
          onChange={frames.setRate}
          options={RATES.map((r) => ({ value: r, label: `${r}×` }))}
          style={{ width: 80 }}
          aria-label={t('speed')}
          data-testid="video-speed"
        />
        {mustPlayThrough && (
          <Tag
            color={frames.played ? 'success' : 'warning'}
            icon={frames.played ? <CheckCircleOutlined /> : undefined}
            data-testid="video-played"
            data-played={frames.played ? 'true' : 'false'}
          >
            {frames.played ? t('played_through') : t('must_play_through')}
          </Tag>
        )}
      </Space>
    </div>
  );
}
