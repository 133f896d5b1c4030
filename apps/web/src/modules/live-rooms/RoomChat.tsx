import { SendOutlined } from '@ant-design/icons';
import type { TLiveMessage } from '@app/contracts';
import { LIVE_ROOM_LIMITS } from '@app/contracts/procedures/live-rooms.ts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Empty, Input, Space, Switch } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../shared/query-client.ts';
import { controlRoom, earlierChat, sendChat } from './queries.ts';

/** A page of `/live-room/chat-list`: fewer messages than this means none are left before. */
const CHAT_PAGE = 100;

/**
 * The room's chat: the latest messages (earlier ones on demand), kept at the bottom while the reader is there, and a
 * line to write. Students cannot write while the chat or they are muted; hosts mute or open the whole chat.
 */
export function RoomChat({
  roomId,
  userId,
  messages,
  hosting,
  allMuted,
  meMuted,
  onMessages,
}: {
  roomId: number;
  userId: number;
  messages: TLiveMessage[];
  hosting: boolean;
  allMuted: boolean;
  meMuted: boolean;
  onMessages: (messages: TLiveMessage[]) => void;
}) {
  const { t } = useTranslation('live-rooms');
  const [text, setText] = useState('');
  const [noEarlier, setNoEarlier] = useState(messages.length < CHAT_PAGE);
  const list = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const muted = !hosting && (allMuted || meMuted);

  const send = useMutation({
    mutationFn: (value: string) => sendChat(roomId, value),
    onSuccess: (message) => {
      setText('');
      atBottom.current = true;
      onMessages([message]);
    },
    onError: showError,
  });
  const earlier = useMutation({
    mutationFn: () => earlierChat(roomId, messages[0]!.id),
    onSuccess: ({ list: older }) => {
      if (older.length < CHAT_PAGE) setNoEarlier(true);
      atBottom.current = false;
      onMessages(older);
    },
    onError: showError,
  });
  const muteAll = useMutation({
    mutationFn: (mute: boolean) => controlRoom(roomId, mute ? 'mute_all_chat' : 'unmute_all_chat'),
    onError: showError,
  });

  const last = messages.at(-1)?.id;
  useEffect(() => {
    const element = list.current;
    if (element && atBottom.current && last !== undefined) element.scrollTop = element.scrollHeight;
  }, [last]);

  const submit = () => {
    const value = text.trim();
    if (value && !send.isPending) send.mutate(value);
  };

  return (
    <div className="live-chat" data-testid="live-chat">
      {hosting ? (
        <Space className="live-chat-bar">
          <Switch
            size="small"
            checked={allMuted}
            loading={muteAll.isPending}
            onChange={(checked) => muteAll.mutate(checked)}
            aria-label={t('mute_all_chat')}
            data-testid="live-mute-all-chat"
          />
          <span>{t('mute_all_chat')}</span>
        </Space>
      ) : null}
      <div
        ref={list}
        className="live-chat-list"
        role="log"
        aria-live="polite"
        aria-label={t('chat')}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolled log must take the keyboard to scroll
        tabIndex={0}
        onScroll={(event) => {
          const element = event.currentTarget;
          atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 40;
        }}
        data-testid="live-chat-list"
      >
        {messages.length > 0 && !noEarlier ? (
          <Button
            size="small"
            type="link"
            block
            loading={earlier.isPending}
            onClick={() => earlier.mutate()}
            data-testid="live-chat-earlier"
          >
            {t('chat_earlier')}
          </Button>
        ) : null}
        {messages.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chat_empty')} />
        ) : (
          messages.map((m) => (
            <div
              key={m.id}
              className={`live-message${m.user_id === userId ? ' is-mine' : ''}`}
              data-testid={`live-message-${m.id}`}
            >
              <div className="live-message-head">
                <span className="live-message-name" data-user-content>
                  {m.name}
                </span>
                <time dateTime={m.created_at}>{dayjs(m.created_at).format('HH:mm')}</time>
              </div>
              <div className="live-message-text" data-user-content>
                {m.text}
              </div>
            </div>
          ))
        )}
      </div>
      {muted ? (
        <Alert
          type="warning"
          showIcon
          title={allMuted ? t('chat_all_muted') : t('chat_me_muted')}
          data-testid="live-chat-muted"
        />
      ) : null}
      <Space.Compact className="live-chat-input">
        <Input
          value={text}
          maxLength={LIVE_ROOM_LIMITS.chat}
          disabled={muted}
          placeholder={t('chat_placeholder')}
          aria-label={t('chat_placeholder')}
          onChange={(event) => setText(event.target.value)}
          onPressEnter={submit}
          data-testid="live-chat-input"
        />
        <Button
          type="primary"
          icon={<SendOutlined />}
          disabled={muted || text.trim() === ''}
          loading={send.isPending}
          onClick={submit}
          data-testid="live-chat-send"
        >
          {t('send')}
        </Button>
      </Space.Compact>
    </div>
  );
}
