import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Result, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, api, errorMessage } from '../../shared/api.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { JobSession } from './JobSession.tsx';
import { myTasksPath, parseId } from './task-paths.ts';
import { TASKS_KEY } from './use-claim.ts';

/**
 * `/production/task-execute?task_id=N[&job_id=M]`: the job frame. Shows one job in hand (the first when none is
 * named); after a submit or decision it opens the server's next job, else claims more, and when none is left
 * shows the finished state.
 */
export function JobFramePage() {
  const { t } = useTranslation(['tasks', 'common']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const taskId = parseId(search.get('task_id'));
  const jobId = parseId(search.get('job_id')) ?? undefined;
  const [finished, setFinished] = useState(false);
  const [reload, setReload] = useState(0);

  const frame = useQuery({
    queryKey: [...TASKS_KEY, 'execute', taskId, jobId, reload],
    queryFn: async ({ signal }) => {
      const answer = await api('/task/execute', { task_id: taskId ?? 0, job_id: jobId }, { signal });
      return { ...answer, receivedAt: performance.now() };
    },
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
    api('/task/execute', { task_id: taskId, job_id: upcoming }, { signal: controller.signal }).then(
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
  const claim = useMutation({
    mutationFn: () => api('/task/claim', { task_id: taskId ?? 0 }),
    onSuccess: (answer) => {
      const first = answer.jobs[0];
      if (first) open(first.id);
      else setFinished(true);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'no_job_left') {
        setFinished(true);
        return;
      }
      const text = errorMessage(error);
      if (text) message.error(text);
    },
  });
  const next = (nextJobId: number | null) => {
    void queryClient.invalidateQueries({ queryKey: [...TASKS_KEY, 'mine'] });
    if (nextJobId) open(nextJobId);
    else claim.mutate();
  };
  const exit = async () => {
    await api('/task/exit', { task_id: taskId ?? 0 });
    void queryClient.invalidateQueries({ queryKey: TASKS_KEY });
    navigate(myTasksPath());
  };
  const backLink = (
    <Link to={myTasksPath()}>
      <Button type="primary" data-testid="job-back-to-tasks">
        {t('back_to_tasks')}
      </Button>
    </Link>
  );

  if (taskId === null) {
    return (
      <Card>
        <Result status="info" title={t('no_task_chosen')} extra={backLink} data-testid="job-no-task" />
      </Card>
    );
  }
  if (finished) {
    return (
      <Card data-testid="job-frame">
        <Result
          status="success"
          title={t('finished_title')}
          subTitle={t('finished_text')}
          extra={backLink}
          data-testid="job-finished"
        />
      </Card>
    );
  }
  if (frame.isError && !frame.data) return <LoadFailed error={frame.error} onRetry={() => frame.refetch()} />;
  if (!frame.data || frame.isFetching) {
    return (
      <Card data-testid="job-frame-loading">
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  }
  const { job, in_hand: inHand, receivedAt } = frame.data;
  if (!job) {
    return (
      <Card data-testid="job-frame">
        <Result
          status="info"
          title={t('nothing_in_hand')}
          extra={[
            <Button
              key="claim"
              type="primary"
              loading={claim.isPending}
              onClick={() => claim.mutate()}
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
      onReclaim={() => claim.mutate()}
      reclaiming={claim.isPending}
    />
  );
}
