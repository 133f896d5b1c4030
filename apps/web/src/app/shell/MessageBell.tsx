import { BellOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api.ts';
import { useSession } from '../../shared/session/session-context.tsx';
import { MESSAGES_KEY } from './message-keys.ts';

// The panel (and its Modal, Tabs and texts) loads when the bell is first opened, outside the first load.
const MessagePanel = lazy(() => import('./MessagePanel.tsx'));

const seenKey = (userId: number) => `announcements-seen:${userId}`;

/**
 * The message center's bell: personal notices (`/message/list`, read state on the server) and announcements
 * (`/user/announcements`, those newer than the newest one this user opened, its id kept in local storage). The
 * badge adds both unread counts; opening the panel marks everything read. A realtime push with action `message`
 * refreshes the notices. The panel mounts on opening; its texts (namespace `messages`) load then.
 */
export function MessageBell() {
  const { t } = useTranslation('shell');
  const queryClient = useQueryClient();
  const userId = useSession().detail.user.id;
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<'notices' | 'announcements'>('notices');
  const [seen, setSeen] = useState(() => Number(localStorage.getItem(seenKey(userId))) || 0);
  const announcements = useQuery({
    queryKey: ['user-announcements'],
    queryFn: ({ signal }) => api('/user/announcements', {}, { signal }),
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
  const messages = useQuery({
    queryKey: MESSAGES_KEY,
    queryFn: ({ signal }) => api('/message/list', { page: 1, pageSize: 50 }, { signal }),
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
  const list = announcements.data?.list ?? [];
  const notices = messages.data?.list ?? [];
  const unreadAnnouncements = list.filter((item) => item.id > seen).length;
  const unreadNotices = messages.data?.unread ?? 0;
  const unread = unreadAnnouncements + unreadNotices;

  useEffect(() => {
    const onRealtime = (event: Event) => {
      const detail = (event as CustomEvent<{ action?: string } | undefined>).detail;
      if (detail?.action === 'message') void queryClient.invalidateQueries({ queryKey: MESSAGES_KEY });
    };
    window.addEventListener('realtime', onRealtime);
    return () => window.removeEventListener('realtime', onRealtime);
  }, [queryClient]);

  const show = () => {
    const newest = Math.max(seen, ...list.map((item) => item.id));
    if (newest > seen) {
      localStorage.setItem(seenKey(userId), String(newest));
      setSeen(newest);
    }
    setTab(unreadNotices > 0 || unreadAnnouncements === 0 ? 'notices' : 'announcements');
    setOpen(true);
  };

  return (
    <>
      <span data-testid="message-unread-count" data-count={unread}>
        <Badge count={unread} size="small" offset={[-4, 4]}>
          <Button
            type="text"
            icon={<BellOutlined />}
            aria-label={t('messages')}
            title={t('messages')}
            onClick={show}
            data-testid="message-bell"
          />
        </Badge>
      </span>
      {open && (
        <Suspense fallback={null}>
          <MessagePanel
            notices={notices}
            announcements={list}
            unreadNotices={unreadNotices}
            initialTab={tab}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
