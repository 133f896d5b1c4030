import type { TLiveRoomView } from '@app/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, List, Modal, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../shared/query-client.ts';
import { courseInteractionsQuery, startInteraction } from './queries.ts';

/** The teacher's live screen of a run, and the students' answering screen (interactive answering's own pages). */
const teacherRunPath = (runId: number) => `/teacher/course/interactExam?run_id=${runId}`;
const studentRunPath = (runId: number) => `/course/interactExam?run_id=${runId}`;

/**
 * A host of a course's room launches one of the course's interactions for the room's classes: the teacher's live
 * screen opens in a new tab (the class goes on in this one) and each student's room shows the question's arrival.
 */
export function HostInteractButton({ view }: { view: TLiveRoomView }) {
  const { t } = useTranslation('live-rooms');
  const [open, setOpen] = useState(false);
  const courseId = view.course_id;
  const list = useQuery({ ...courseInteractionsQuery(courseId ?? 0), enabled: open && courseId !== null });
  const start = useMutation({
    mutationFn: (id: number) =>
      startInteraction(
        id,
        view.classes.map((c) => c.id),
      ),
    onSuccess: (run) => {
      window.open(teacherRunPath(run.run_id), '_blank', 'noopener');
      setOpen(false);
    },
    onError: showError,
  });
  if (courseId === null) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="live-interact">
        {t('interact')}
      </Button>
      <Modal open={open} title={t('interact_title')} footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
        <List
          loading={list.isLoading}
          dataSource={list.data?.list ?? []}
          locale={{ emptyText: <Empty description={t('interact_empty')} /> }}
          renderItem={(item) => (
            <List.Item
              actions={[
                item.open_run_id ? (
                  <Button
                    key="open"
                    type="link"
                    href={teacherRunPath(item.open_run_id)}
                    target="_blank"
                    data-testid={`live-interact-open-${item.id}`}
                  >
                    {t('interact_open')}
                  </Button>
                ) : (
                  <Button
                    key="start"
                    type="link"
                    loading={start.isPending && start.variables === item.id}
                    onClick={() => start.mutate(item.id)}
                    data-testid={`live-interact-start-${item.id}`}
                  >
                    {t('interact_start')}
                  </Button>
                ),
              ]}
            >
              <List.Item.Meta
                title={item.title}
                description={
                  <>
                    {t('interact_questions', { count: item.question_count })}
                    {item.open_run_id ? (
                      <Tag color="processing" style={{ marginLeft: 8 }}>
                        {t('interact_running')}
                      </Tag>
                    ) : null}
                  </>
                }
              />
            </List.Item>
          )}
        />
      </Modal>
    </>
  );
}

/** A student in the room is told when the teacher sends a question, with a button to the answering screen. */
export function StudentInteractBanner() {
  const { t } = useTranslation('live-rooms');
  const [runId, setRunId] = useState<number | null>(null);
  useEffect(() => {
    const listener = (event: Event) => {
      const data = (event as CustomEvent<{ action?: string; event?: string; run_id?: number } | null>).detail;
      if (data?.action !== 'interact' || typeof data.run_id !== 'number') return;
      if (data.event === 'question') setRunId(data.run_id);
      if (data.event === 'ended') setRunId((now) => (now === data.run_id ? null : now));
    };
    window.addEventListener('realtime', listener);
    return () => window.removeEventListener('realtime', listener);
  }, []);
  if (runId === null) return null;
  return (
    <Alert
      className="live-interact-banner"
      type="info"
      showIcon
      title={t('interact_arrived')}
      action={
        <Button
          type="primary"
          size="small"
          href={studentRunPath(runId)}
          target="_blank"
          data-testid="live-interact-answer"
        >
          {t('interact_answer')}
        </Button>
      }
      closable
      onClose={() => setRunId(null)}
      data-testid="live-interact-banner"
    />
  );
}
