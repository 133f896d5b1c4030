import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api.ts';
import { useSession } from '../session/session-context.tsx';

const seenKey = (userId: number) => `announcements-seen:${userId}`;
const pad = (n: number) => String(n).padStart(2, '0');
/** yyyy-MM-dd HH:mm in local time (spec §9), without pulling dayjs into the first load. */
const timeOf = (iso: string) => {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/**
 * The message center's bell: counts announcements (`/user/announcements`) newer than the newest one this user
 * has opened (its id kept in local storage per user); clicking opens a panel listing them (title, content,
 * time) and marks them all read. Built from components already in the shell's first load (Badge, Modal).
 */
export function MessageBell() {
  const { t } = useTranslation('shell');
  const userId = useSession().detail.user.id;
  const [open, setOpen] = useState(false);
  const [seen, setSeen] = useState(() => Number(localStorage.getItem(seenKey(userId))) || 0);
  const announcements = useQuery({
    queryKey: ['user-announcements'],
    queryFn: ({ signal }) => api('/user/announcements', {}, { signal }),
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
  const list = announcements.data?.list ?? [];
  const unread = list.filter((item) => item.id > seen).length;

  const show = () => {
    const newest = Math.max(seen, ...list.map((item) => item.id));
    if (newest > seen) {
      localStorage.setItem(seenKey(userId), String(newest));
      setSeen(newest);
    }
    setOpen(true);
  };

  return (
    <>
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
      <Modal
        title={t('messages')}
        open={open}
        onCancel={() => setOpen(false)}
        footer={null}
        width={560}
        style={{ top: 24, marginRight: 24 }}
        data-testid="message-panel"
      >
        {list.length === 0 ? (
          <p style={{ color: 'rgba(0, 0, 0, 0.45)', textAlign: 'center' }}>{t('messages_empty')}</p>
        ) : (
          <div style={{ maxHeight: '70vh', overflowY: 'auto' }}>
            {list.map((item) => (
              <div
                key={item.id}
                data-testid="message-item"
                style={{ padding: '12px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}
              >
                <div style={{ display: 'flex', justifyContent: 'space-between', gap: 12 }}>
                  <strong>{item.title}</strong>
                  <span style={{ color: 'rgba(0, 0, 0, 0.45)', whiteSpace: 'nowrap' }}>
                    {timeOf(item.published_at)}
                  </span>
                </div>
                {item.content && <div style={{ whiteSpace: 'pre-wrap', marginTop: 4 }}>{item.content}</div>}
              </div>
            ))}
          </div>
        )}
      </Modal>
    </>
  );
}
