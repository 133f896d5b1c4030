import type { TLiveMessage, TLiveRoomView } from '@app/contracts';
import { Badge, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RoomChat } from './RoomChat.tsx';
import { RoomParticipants } from './RoomParticipants.tsx';

/** The side panel of the room: the chat and the participants (with raised hands counted for hosts). */
export function RoomSidePanel({
  view,
  userId,
  hosting,
  onMessages,
}: {
  view: TLiveRoomView;
  userId: number;
  hosting: boolean;
  onMessages: (messages: TLiveMessage[]) => void;
}) {
  const { t } = useTranslation('live-rooms');
  const [tab, setTab] = useState('chat');
  const hands = view.participants.filter((p) => p.hand_raised && p.role === 'student').length;
  return (
    <aside className="live-side" aria-label={t('side_panel')}>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        className="live-side-tabs"
        items={[
          {
            key: 'chat',
            label: <span data-testid="live-tab-chat">{t('chat')}</span>,
            children: (
              <RoomChat
                roomId={view.id}
                userId={userId}
                messages={view.messages}
                hosting={hosting}
                allMuted={view.chat_muted}
                meMuted={view.me?.chat_muted ?? false}
                onMessages={onMessages}
              />
            ),
          },
          {
            key: 'people',
            label: (
              <span data-testid="live-tab-people">
                {t('participants_n', { count: view.participants.length })}
                {hosting && hands > 0 ? (
                  <Badge
                    count={hands}
                    size="small"
                    className="live-hands-badge"
                    title={t('hands_n', { count: hands })}
                    data-testid="live-hands-count"
                  />
                ) : null}
              </span>
            ),
            children: (
              <RoomParticipants roomId={view.id} participants={view.participants} hosting={hosting} userId={userId} />
            ),
          },
        ]}
      />
    </aside>
  );
}
