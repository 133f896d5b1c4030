import {
  AudioMutedOutlined,
  AudioOutlined,
  DesktopOutlined,
  LogoutOutlined,
  PoweroffOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { Button, Popconfirm, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveMedia } from './use-live-media.ts';

export interface Devices {
  camera: boolean;
  microphone: boolean;
  hand: boolean;
}

/** A toggle of the bar: icon and label, pressed while on (the label says what a click does). */
function Toggle({
  on,
  icon,
  label,
  disabled,
  hint,
  onClick,
  testId,
}: {
  on: boolean;
  icon: ReactNode;
  label: string;
  disabled?: boolean;
  hint?: string;
  onClick: () => void;
  testId: string;
}) {
  const button = (
    <Button
      className={`live-control${on ? ' is-on' : ''}`}
      type={on ? 'primary' : 'default'}
      icon={icon}
      aria-pressed={on}
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
    >
      {label}
    </Button>
  );
  return hint ? <Tooltip title={hint}>{button}</Tooltip> : button;
}

/**
 * The room's controls: camera, microphone and screen for whoever is on stage (hosts, invited students), the hand for
 * students, leave, and for hosts "end for everyone" behind a confirmation.
 */
export function RoomControls({
  hosting,
  onStage,
  devices,
  onDevices,
  media,
  mediaReady,
  leaving,
  ending,
  onLeave,
  onEnd,
  extra,
}: {
  hosting: boolean;
  onStage: boolean;
  devices: Devices;
  onDevices: (change: Partial<Devices>) => void;
  media: LiveMedia;
  /** The media connection is up (devices can be used). */
  mediaReady: boolean;
  leaving: boolean;
  ending: boolean;
  onLeave: () => void;
  onEnd: () => void;
  /** More controls before the leave button (a host's interactive answering). */
  extra?: ReactNode;
}) {
  const { t } = useTranslation(['live-rooms', 'common']);
  const canPublish = (hosting || onStage) && mediaReady;
  const offStageHint = !hosting && !onStage ? t('stage_needed') : !mediaReady ? t('media_needed') : undefined;
  // What the buttons show is what is sent: a device is on only while it can be.
  const camera = devices.camera && canPublish;
  const microphone = devices.microphone && canPublish;
  return (
    <div className="live-controls" role="toolbar" aria-label={t('controls')} data-testid="live-controls">
      <Toggle
        on={camera}
        icon={<VideoCameraOutlined />}
        label={camera ? t('camera_off') : t('camera_on')}
        disabled={!canPublish}
        hint={canPublish ? undefined : offStageHint}
        onClick={() => onDevices({ camera: !devices.camera })}
        testId="live-camera"
      />
      <Toggle
        on={microphone}
        icon={microphone ? <AudioOutlined /> : <AudioMutedOutlined />}
        label={microphone ? t('microphone_off') : t('microphone_on')}
        disabled={!canPublish}
        hint={canPublish ? undefined : offStageHint}
        onClick={() => onDevices({ microphone: !devices.microphone })}
        testId="live-microphone"
      />
      {hosting || onStage ? (
        <Toggle
          on={media.sharing}
          icon={<DesktopOutlined />}
          label={media.sharing ? t('screen_stop') : t('screen_share')}
          disabled={!canPublish || typeof navigator.mediaDevices?.getDisplayMedia !== 'function'}
          hint={canPublish ? undefined : offStageHint}
          onClick={() => (media.sharing ? media.stopScreen() : void media.startScreen())}
          testId="live-screen"
        />
      ) : null}
      {hosting ? null : (
        <Toggle
          on={devices.hand}
          icon={
            <span className="live-hand-icon" aria-hidden>
              ✋
            </span>
          }
          label={devices.hand ? t('hand_lower') : t('hand_raise')}
          onClick={() => onDevices({ hand: !devices.hand })}
          testId="live-hand"
        />
      )}
      {extra}
      <span className="live-controls-gap" />
      <Button icon={<LogoutOutlined />} loading={leaving} onClick={onLeave} data-testid="live-leave">
        {t('leave')}
      </Button>
      {hosting ? (
        <Popconfirm
          title={t('end_confirm')}
          description={t('end_confirm_help')}
          okText={t('end')}
          cancelText={t('common:cancel')}
          okButtonProps={{ danger: true, ...{ 'data-testid': 'live-end-ok' } }}
          onConfirm={onEnd}
        >
          <Button danger type="primary" icon={<PoweroffOutlined />} loading={ending} data-testid="live-end">
            {t('end')}
          </Button>
        </Popconfirm>
      ) : null}
    </div>
  );
}
