import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Result, Skeleton } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { showError } from '../../shared/query-client.ts';
import { myTasksPath, parseId } from '../../shared/task-paths.ts';
import { JobSession } from './JobSession.tsx';
import { claimJobs, exitTask, fetchJobFrame, jobFrameQuery, TASKS_KEY } from './queries.ts';

/** The frame's states other than a job (loading, nothing in hand, finished), on the full-window page. */
function FrameState({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div className="job-frame-state" data-testid={testId}>
      {children}
    </div>
  );
}

/**
 * `/production/task-execute?task_id=N[&job_id=M]`: the job frame, full window (the shell hides its menus here).
 * Shows one job in hand (the first when none is named); after a submit or decision it opens the server's next job,
 * else claims more, and when none is left shows the finished state. A named job of the caller's that was sent back
 * for rework (the link of a rejection notice) is claimed again at once, since a claim takes the caller's rework
 * first, and opened.
 */
export function JobFramePage() {
  const { t } = useTranslation(['jobs', 'common']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const taskId = parseId(search.get('task_id'));
  const jobId = parseId(search.get('job_id')) ?? undefined;
  const [finished, setFinished] = useState(false);
  const [reload, setReload] = useState(0);

  const frame = useQuery({
    ...jobFrameQuery(taskId, jobId, reload),
    enabled: taskId !== null && !finished,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });

  // Prefetch: the next job in hand's media is fetched while this one is worked on, so moving on shows it at once.
  const current = frame.data?.job?.id;
  const upcoming = frame.data?.in_hand[frame.data.in_hand.findIndex((j) => j.id === current) + 1]?.id;
  useEffect(() => {
    if (!taskId || !upcoming) return;
    const controller = new AbortController();
    fetchJobFrame(taskId, upcoming, controller.signal).then(
      (answer) => {
        const item = answer.job?.item;
        if (item?.url && (item.kind === 'image' || item.kind === 'text'))
          void fetch(item.url, { signal: controller.signal });
      },
      () => {},
    );
    return () => controller.abort();
  }, [taskId, upcoming]);

  const open = (next: number | undefined) => {
    setFinished(false);
    setReload((n) => n + 1);
    setSearch(next ? { task_id: String(taskId), job_id: String(next) } : { task_id: String(taskId) });
  };
  /** Claims jobs and opens `wanted` when it came into hand, else the first in hand. */
  const claim = useMutation({
    mutationFn: (_wanted?: number) => claimJobs(taskId ?? 0),
    onSuccess: (answer, wanted) => {
      const got = wanted !== undefined && answer.jobs.some((j) => j.id === wanted);
      if (wanted !== undefined) {
        if (got) message.success(t('rework_claimed'));
        else message.warning(t('rework_hand_full'));
      }
      const first = got ? wanted : answer.jobs[0]?.id;
      if (first) open(first);
      else setFinished(true);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'no_job_left') {
        setFinished(true);
        return;
      }
      showError(error);
    },
  });
  // The caller's own work sent back for rework, named in the address: claim it (once) instead of showing it closed.
  const rework = frame.data?.job?.status === 'rejected' ? frame.data.job.id : null;
  const reworkTried = useRef<number | null>(null);
  useEffect(() => {
    if (rework === null || reworkTried.current === rework) return;
    reworkTried.current = rework;
    claim.mutate(rework);
  }, [rework, claim.mutate]);

  const next = (nextJobId: number | null) => {
    void queryClient.invalidateQueries({ queryKey: [...TASKS_KEY, 'mine'] });
    if (nextJobId) open(nextJobId);
    else claim.mutate(undefined);
  };
  const exit = async () => {
    await exitTask(taskId ?? 0);
    void queryClient.invalidateQueries({ queryKey: TASKS_KEY });
    navigate(myTasksPath());
  };
  const backLink = (
    <Link key="back" to={myTasksPath()}>
      <Button type="primary" data-testid="job-back-to-tasks">
        {t('back_to_tasks')}
      </Button>
    </Link>
  );

  if (taskId === null) {
    return (
      <FrameState>
        <Card>
          <Result status="info" title={t('no_task_chosen')} extra={backLink} data-testid="job-no-task" />
        </Card>
      </FrameState>
    );
  }
  if (finished) {
    return (
      <FrameState testId="job-frame">
        <Card>
          <Result
            status="success"
            title={t('finished_title')}
            subTitle={t('finished_text')}
            extra={backLink}
            data-testid="job-finished"
          />
        </Card>
      </FrameState>
    );
  }
  if (frame.isError && !frame.data) {
    return (
      <FrameState>
        <LoadFailed error={frame.error} onRetry={() => frame.refetch()} />
        <div style={{ marginTop: 16 }}>{backLink}</div>
      </FrameState>
    );
  }
  const claimingRework = rework !== null && (reworkTried.current !== rework || claim.isPending || claim.isSuccess);
  if (!frame.data || frame.isFetching || claimingRework) {
    return (
      <FrameState testId="job-frame-loading">
        <Card>
          <Skeleton active paragraph={{ rows: 10 }} />
        </Card>
      </FrameState>
    );
  }
  const { job, in_hand: inHand, receivedAt } = frame.data;
  if (!job) {
    return (
      <FrameState testId="job-frame">
        <Card>
          <Result
            status="info"
            title={t('nothing_in_hand')}
            extra={[
              <Button
                key="claim"
                type="primary"
                loading={claim.isPending}
                onClick={() => claim.mutate(undefined)}
                data-testid="job-claim-more"
              >
                {t('claim_more')}
              </Button>,
              <Link key="back" to={myTasksPath()}>
                <Button>{t('back_to_tasks')}</Button>
              </Link>,
            ]}
            data-testid="job-empty"
          />
        </Card>
      </FrameState>
    );
  }
  return (
    <JobSession
      key={`${job.id}-${reload}`}
      job={job}
      inHand={inHand}
      receivedAt={receivedAt}
      onGo={(id) => open(id)}
      onNext={next}
      onExit={exit}
      onReclaim={() => claim.mutate(undefined)}
      reclaiming={claim.isPending}
    />
  );
}
