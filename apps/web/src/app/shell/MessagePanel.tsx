import type { TUserMessage } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Modal, Tabs } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../shared/api.ts';
import { executePath, parseId } from '../../shared/task-paths.ts';
import { MESSAGES_KEY } from './message-keys.ts';

const pad = (n: number) => String(n).padStart(2, '0');
/** yyyy-MM-dd HH:mm in local time, without pulling dayjs into the first load. */
const timeOf = (iso: string) => {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const muted = { color: 'rgba(0, 0, 0, 0.45)' };
const itemStyle = { padding: '12px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' };

/** A notice's text: names when the server sends them (`task`, `item`, `project`), ids otherwise. */
function noticeText(t: TFunction, message: TUserMessage): string {
  const p = message.params;
  const named = (name: string, id: string) => {
    const value = p[name] ?? p[`${name}_name`];
    if (value !== undefined && value !== null && value !== '') return String(value);
    return p[id] !== undefined && p[id] !== null ? `#${p[id]}` : '';
  };
  return t(`notice_${message.kind}`, {
    task: named('task', 'task_id'),
    item: named('item', 'item_id'),
    project: named('project', 'project_id'),
    reason: p.reason ? String(p.reason) : t('notice_no_reason'),
    count: typeof p.count === 'number' ? p.count : Number(p.count) || 1,
    // Question reports: the reporter, a quote of the report, and the variant of the text (kind or outcome).
    user: p.user ? String(p.user) : '',
    excerpt: p.excerpt ? String(p.excerpt) : '',
    // Exams marked by hand: the exam and the score.
    exam: p.exam ? String(p.exam) : '',
    score: p.score ?? '',
    context: typeof p.context === 'string' ? p.context : undefined,
  });
}

/**
 * Where a notice leads: rejected work opens its job in the job frame (which claims it back for rework), the other
 * notices about a task My tasks.
 */
function noticeLink(message: TUserMessage): string | null {
  if (message.kind === 'question_reported') {
    return message.params.context === 'feedback' ? '/dataset/feedback' : '/dataset/datacorrection';
  }
  if (message.kind === 'question_report_handled') return '/trainingcamp/mycorrection';
  if (message.kind === 'exam_marked' || message.kind === 'exam_regraded') {
    const attemptId = parseId(String(message.params.attempt_id ?? ''));
    return attemptId === null ? '/trainingcamp/myexamRecord' : `/examine/trainingcamp/exam-detail/result/${attemptId}`;
  }
  const taskId = parseId(String(message.params.task_id ?? ''));
  if (taskId === null) return null;
  return message.kind === 'job_rejected'
    ? executePath(taskId, parseId(String(message.params.job_id ?? '')) ?? undefined)
    : '/production/task/my/doing';
}

export interface MessagePanelProps {
  notices: TUserMessage[];
  announcements: { id: number; title: string; content: string; published_at: string }[];
  unreadNotices: number;
  initialTab: 'notices' | 'announcements';
  onClose: () => void;
}

/**
 * The message center's panel (its own chunk, loaded when the bell is first opened): personal notices and
 * announcements in two tabs. While it is open every notice counts as read: those there when it opens and those
 * arriving meanwhile; a notice about a task links to the job frame (rejected work) or My tasks.
 */
export default function MessagePanel({
  notices,
  announcements,
  unreadNotices,
  initialTab,
  onClose,
}: MessagePanelProps) {
  const { t } = useTranslation('messages');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState(initialTab);
  const [freshIds, setFreshIds] = useState<ReadonlySet<number>>(new Set());

  useEffect(() => {
    if (unreadNotices === 0) return;
    setFreshIds((ids) => new Set([...ids, ...notices.filter((n) => !n.read).map((n) => n.id)]));
    api('/message/read', { all: true }).then(
      () => queryClient.invalidateQueries({ queryKey: MESSAGES_KEY }),
      (error: unknown) => console.warn('message read', error),
    );
  }, [unreadNotices, notices, queryClient]);

  const openNotice = (message: TUserMessage) => {
    const link = noticeLink(message);
    if (!message.read) {
      void api('/message/read', { ids: [message.id] }).then(() =>
        queryClient.invalidateQueries({ queryKey: MESSAGES_KEY }),
      );
    }
    if (!link) return;
    onClose();
    navigate(link);
  };

  const noticeList =
    notices.length === 0 ? (
      <p style={{ ...muted, textAlign: 'center' }}>{t('notices_empty')}</p>
    ) : (
      <div style={{ maxHeight: '65vh', overflowY: 'auto' }}>
        {notices.map((message) => {
          const link = noticeLink(message);
          const fresh = freshIds.has(message.id) || !message.read;
          return (
            <div key={message.id} data-testid="notice-item" data-kind={message.kind} style={itemStyle}>
              <div style={{ display: 'flex', justifyContent: 'space-between', gap: 12 }}>
                <span style={{ fontWeight: fresh ? 600 : undefined }}>
                  {fresh && <Badge status="processing" style={{ marginRight: 6 }} />}
                  {noticeText(t, message)}
                </span>
                <span style={{ ...muted, whiteSpace: 'nowrap' }}>{timeOf(message.created_at)}</span>
              </div>
              {link && (
                <Button
                  type="link"
                  size="small"
                  style={{ padding: 0 }}
                  onClick={() => openNotice(message)}
                  data-testid="notice-open"
                >
                  {message.kind === 'job_rejected'
                    ? t('notice_open_job')
                    : message.kind === 'question_reported'
                      ? t('notice_open_report')
                      : t('notice_open_tasks')}
                </Button>
              )}
            </div>
          );
        })}
      </div>
    );

  const announcementList =
    announcements.length === 0 ? (
      <p style={{ ...muted, textAlign: 'center' }}>{t('messages_empty')}</p>
    ) : (
      <div style={{ maxHeight: '65vh', overflowY: 'auto' }}>
        {announcements.map((item) => (
          <div key={item.id} data-testid="message-item" style={itemStyle}>
            <div style={{ display: 'flex', justifyContent: 'space-between', gap: 12 }}>
              <strong>{item.title}</strong>
              <span style={{ ...muted, whiteSpace: 'nowrap' }}>{timeOf(item.published_at)}</span>
            </div>
            {item.content && <div style={{ whiteSpace: 'pre-wrap', marginTop: 4 }}>{item.content}</div>}
          </div>
        ))}
      </div>
    );

  return (
    <Modal
      title={t('messages')}
      open
      onCancel={onClose}
      footer={null}
      width={560}
      style={{ top: 24, marginRight: 24 }}
      data-testid="message-panel"
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key === 'announcements' ? 'announcements' : 'notices')}
        items={[
          {
            key: 'notices',
            label: <span data-testid="message-tab-notices">{t('notices_tab')}</span>,
            children: noticeList,
          },
          {
            key: 'announcements',
            label: <span data-testid="message-tab-announcements">{t('announcements_tab')}</span>,
            children: announcementList,
          },
        ]}
      />
    </Modal>
  );
}
