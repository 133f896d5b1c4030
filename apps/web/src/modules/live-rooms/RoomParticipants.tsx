import {
  AudioMutedOutlined,
  AudioOutlined,
  MoreOutlined,
  StopOutlined,
  VideoCameraOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import type { TLiveParticipant } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Dropdown, Empty, type MenuProps, Tag, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../shared/query-client.ts';
import { controlRoom, type LiveControl } from './queries.ts';

const QUALITY_CLASS = { good: 'is-good', fair: 'is-fair', poor: 'is-poor', lost: 'is-lost' } as const;

/** A state icon with its meaning as its label (and tooltip). */
function StateIcon({ label, on, children }: { label: string; on: boolean; children: ReactNode }) {
  return (
    <Tooltip title={label}>
      <span className={`live-state${on ? ' is-on' : ''}`} role="img" aria-label={label}>
        {children}
      </span>
    </Tooltip>
  );
}

/**
 * Who is in the room with their camera, microphone, hand and connection. Hosts see raised hands first and act on a
 * student: mute or unmute their chat, invite them on stage or back, lower the hand, mute the microphone, remove them
 * (after a confirmation).
 */
export function RoomParticipants({
  roomId,
  participants,
  hosting,
  userId,
}: {
  roomId: number;
  participants: TLiveParticipant[];
  hosting: boolean;
  userId: number;
}) {
  const { t } = useTranslation(['live-rooms', 'common']);
  const { modal } = App.useApp();
  const control = useMutation({
    mutationFn: ({ action, user }: { action: LiveControl; user: number }) => controlRoom(roomId, action, user),
    onError: showError,
  });
  const list = hosting
    ? [...participants].sort(
        (a, b) => Number(b.hand_raised && b.role === 'student') - Number(a.hand_raised && a.role === 'student'),
      )
    : participants;
  if (list.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('participants_none')} />;

  const actionsOf = (p: TLiveParticipant): MenuProps['items'] => {
    const item = (action: LiveControl, label: string, danger = false) => ({
      key: action,
      danger,
      label: <span data-testid={`live-action-${action}-${p.user_id}`}>{label}</span>,
    });
    return [
      p.chat_muted ? item('unmute_chat', t('action_unmute_chat')) : item('mute_chat', t('action_mute_chat')),
      p.on_stage ? item('leave_stage', t('action_leave_stage')) : item('invite_stage', t('action_invite_stage')),
      ...(p.hand_raised ? [item('lower_hand', t('action_lower_hand'))] : []),
      ...(p.microphone ? [item('mute_microphone', t('action_mute_microphone'))] : []),
      { type: 'divider' as const },
      item('remove', t('action_remove'), true),
    ];
  };
  const act = (p: TLiveParticipant, action: LiveControl) => {
    if (action !== 'remove') {
      control.mutate({ action, user: p.user_id });
      return;
    }
    modal.confirm({
      title: t('remove_confirm', { name: p.name }),
      content: t('remove_confirm_help'),
      okText: t('action_remove'),
      okButtonProps: { danger: true, ...{ 'data-testid': 'live-remove-ok' } },
      cancelText: t('common:cancel'),
      onOk: () => controlRoom(roomId, 'remove', p.user_id).catch(showError),
    });
  };

  return (
    <ul className="live-people" data-testid="live-participants">
      {list.map((p) => (
        <li key={p.user_id} className="live-person" data-testid={`live-person-${p.user_id}`}>
          <span className="live-person-name" data-user-content>
            {p.name}
            {p.user_id === userId ? <span className="live-person-you">{t('you_short')}</span> : null}
          </span>
          {p.role === 'student' ? null : <Tag color="blue">{t(`role_${p.role}`)}</Tag>}
          {p.on_stage && p.role === 'student' ? <Tag color="green">{t('on_stage')}</Tag> : null}
          <span className="live-person-states">
            {p.hand_raised ? (
              <StateIcon label={t('hand_raised')} on>
                <span data-testid={`live-hand-${p.user_id}`}>✋</span>
              </StateIcon>
            ) : null}
            <StateIcon label={p.camera ? t('camera_is_on') : t('camera_is_off')} on={p.camera}>
              <VideoCameraOutlined />
            </StateIcon>
            <StateIcon label={p.microphone ? t('microphone_is_on') : t('microphone_is_off')} on={p.microphone}>
              {p.microphone ? <AudioOutlined /> : <AudioMutedOutlined />}
            </StateIcon>
            {p.chat_muted ? (
              <StateIcon label={t('chat_muted_user')} on={false}>
                <StopOutlined />
              </StateIcon>
            ) : null}
            <StateIcon label={t(`quality_${p.quality}`)} on>
              <WifiOutlined className={QUALITY_CLASS[p.quality]} />
            </StateIcon>
          </span>
          {hosting && p.role === 'student' && p.user_id !== userId ? (
            <Dropdown
              trigger={['click']}
              menu={{ items: actionsOf(p), onClick: ({ key }) => act(p, key as LiveControl) }}
            >
              <Button
                type="text"
                size="small"
                icon={<MoreOutlined />}
                aria-label={t('actions_for', { name: p.name })}
                data-testid={`live-actions-${p.user_id}`}
              />
            </Dropdown>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
