import type { TodoExamItem } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Badge, Button, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../shared/api.ts';
import { formatTime } from '../../shared/format.ts';
import { useSession } from '../../shared/session/session-context.tsx';

/** The to-do counts the heartbeat sends. */
export function useTodoCounts() {
  const { userStat } = useSession();
  const interact = userStat?.course_interact_task_count ?? 0;
  const exams = userStat?.examine_count ?? 0;
  const courseTasks = userStat?.course_task_count ?? 0;
  const liveRooms = userStat?.live_room_count ?? 0;
  return { interact, exams, courseTasks, liveRooms, total: interact + exams + courseTasks + liveRooms };
}

/** The counts and the pending lists (loaded when shown); `onGo` runs after an item is opened. */
export function TodoDetails({ onGo }: { onGo?: () => void }) {
  const { t } = useTranslation('shell');
  const { detail } = useSession();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const counts = useTodoCounts();
  const lists = useQuery({
    queryKey: ['todo-lists'],
    queryFn: ({ signal }) => api('/dataset-examine/doing-wait-exam-list', { status: 0 }, { signal }),
    staleTime: 0,
  });
  const go = (path: string) => {
    navigate(path);
    onGo?.();
  };
  const openExam = (item: TodoExamItem, kind: 'exam' | 'practice') => {
    if (item.generate_site_id !== detail.user.site.id) {
      modal.warning({
        title: t(kind === 'exam' ? 'exam_other_site' : 'practice_other_site', { site: item.site.name }),
      });
      return;
    }
    if (kind === 'practice') go(`/course/interactExam?id=${item.train?.id ?? item.id}`);
    // An exam may be for a member whose current role has no exam pages (another of their roles takes exams): say so.
    else if (!('trainingcamp-pre-exam' in detail.user.auth_menus)) modal.info({ title: t('exam_role_cannot') });
    else
      go(item.my_join_status === 1 ? `/exam?id=${item.train?.id ?? item.id}` : `/trainingcamp/pre-exam?id=${item.id}`);
  };

  const items = lists.data
    ? [
        ...lists.data.live_room_list.map((item) => ({
          key: `l${item.id}`,
          label: `${t(item.live ? 'todo_live_room_live' : 'todo_live_room_soon', { time: formatTime(item.starts_at) })} · ${item.title}`,
          go: () => go(`/liveroom-detail?id=${item.id}`),
        })),
        ...lists.data.interact_task_list.map((item) => ({
          key: `i${item.id}`,
          label: `${t('todo_pending_interact')} · ${item.interact.name}`,
          go: () => go(`/course/interactExam?id=${item.train_id}`),
        })),
        ...lists.data.examine_list.map((item) => ({
          key: `e${item.id}`,
          label: `${t('todo_pending_exams')} · ${item.name}`,
          go: () => openExam(item, 'exam'),
        })),
        ...lists.data.course_task_list.map((item) => ({
          key: `c${item.id}`,
          label: `${t(item.state === 'overdue' ? 'todo_course_task_overdue' : 'todo_course_task')} · ${item.course.name} · ${item.title}`,
          go: () => go(`/course/trainingcamp/trainDetail?id=${item.course.id}`),
        })),
        ...lists.data.train_list.map((item) => ({
          key: `t${item.id}`,
          label: item.name,
          go: () => openExam(item, 'practice'),
        })),
      ]
    : [];

  return (
    <>
      <p data-testid="todo-counts">
        {t('todo_pending_interact')}: <b>{counts.interact}</b> · {t('todo_pending_exams')}: <b>{counts.exams}</b> ·{' '}
        {t('todo_pending_course_tasks')}: <b>{counts.courseTasks}</b>
        {counts.liveRooms > 0 && (
          <>
            {' '}
            · {t('todo_live_rooms')}: <b>{counts.liveRooms}</b>
          </>
        )}
      </p>
      {lists.isLoading ? (
        <Spin />
      ) : items.length === 0 ? (
        <p className="plain-list-note">{t('todo_empty')}</p>
      ) : (
        <ul className="plain-list">
          {items.map((item) => (
            <li key={item.key}>
              <span>{item.label}</span>
              <Button type="link" size="small" onClick={item.go}>
                {t('todo_view_details')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The floating to-do panel: counts from the heartbeat; expanding loads the pending lists. */
export function TodoPanel() {
  const { t } = useTranslation('shell');
  const { total } = useTodoCounts();
  const [open, setOpen] = useState(false);
  return (
    <div className="todo-panel" data-testid="todo-panel">
      {!open ? (
        <Button type="primary" shape="round" onClick={() => setOpen(true)} data-testid="todo-open">
          {t('todo_you_have', { count: total })}
          {/* Dark red: white digits on it read at 6:1 (WCAG AA). */}
          <Badge count={total} size="small" color="#cf1322" />
        </Button>
      ) : (
        <section className="todo-card" aria-label={t('todo_items')}>
          <header>
            <b>{t('todo_items')}</b>
            <Button type="link" size="small" onClick={() => setOpen(false)} data-testid="todo-close">
              {t('todo_close_details')}
            </Button>
          </header>
          <TodoDetails />
        </section>
      )}
    </div>
  );
}
