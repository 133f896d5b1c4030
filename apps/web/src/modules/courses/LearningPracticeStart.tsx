import type { TTrainDetail } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StartPracticeModal, sessionPath, useJoinSet } from '../practice/index.ts';
import { taskPracticeSetQuery } from './queries.ts';

/**
 * Starting a practice task: the practice module's own flow for its set. A task with an unfinished session offers to
 * continue it first (or start another). The set is read first; one of another
 * organisation or closed is explained; one not joined yet is joined (asking for an activation code when it is
 * locked), and once joined the start dialog opens (question count, source, font size), which starts the session and
 * goes to it.
 */
export function useTaskPractice(): {
  start: (setId: number, taskId: number, openSessionId?: number | null) => Promise<void>;
  loadingTaskId: number | null;
  dialogs: ReactNode;
} {
  const { t } = useTranslation('courses-learning');
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const joinSet = useJoinSet();
  const [chosen, setChosen] = useState<{ setId: number; taskId: number } | null>(null);
  const [loadingTaskId, setLoadingTaskId] = useState<number | null>(null);
  // Follows the chosen set: joining drops the practice module's cache, so this reads it again and the dialog opens.
  const set = useQuery({ ...taskPracticeSetQuery(chosen?.setId ?? 0), enabled: chosen !== null });
  const ready = chosen && set.data?.id === chosen.setId && set.data.my_join_status === 1 ? set.data : undefined;

  /** A task with an unfinished session asks first: continue it (the default), or start another. */
  const start = async (setId: number, taskId: number, openSessionId: number | null = null) => {
    if (openSessionId !== null) {
      const asked = modal.confirm({
        title: t('practice_continue_title'),
        content: t('practice_continue_help'),
        okText: t('practice_continue'),
        onOk: () => navigate(sessionPath(openSessionId)),
        footer: (_, { OkBtn, CancelBtn }) => (
          <>
            <CancelBtn />
            <Button
              onClick={() => {
                asked.destroy();
                void begin(setId, taskId);
              }}
              data-testid="practice-start-new"
            >
              {t('practice_start_new')}
            </Button>
            <OkBtn />
          </>
        ),
      });
      return;
    }
    await begin(setId, taskId);
  };

  const begin = async (setId: number, taskId: number) => {
    setChosen(null);
    setLoadingTaskId(taskId);
    let data: TTrainDetail;
    try {
      data = await queryClient.fetchQuery(taskPracticeSetQuery(setId));
    } catch {
      return; // the query cache shows the error
    } finally {
      setLoadingTaskId(null);
    }
    if (data.other_site) {
      modal.warning({
        title: t('practice_other_site_title'),
        content: t('practice_other_site', { site: data.site.name }),
      });
      return;
    }
    if (data.status !== 'published') {
      void message.warning(t('practice_closed'));
      return;
    }
    if (data.my_join_status !== 1)
      joinSet.start({ id: data.id, name: data.name, locked: data.locked && !data.unlocked });
    setChosen({ setId, taskId });
  };

  const dialogs = (
    <>
      {joinSet.dialog}
      <StartPracticeModal
        set={ready ? { id: ready.id, name: ready.name, per_session: ready.per_session } : undefined}
        onClose={() => setChosen(null)}
      />
    </>
  );
  return {
    start,
    loadingTaskId: loadingTaskId ?? (joinSet.joiningId !== undefined ? (chosen?.taskId ?? null) : null),
    dialogs,
  };
}
