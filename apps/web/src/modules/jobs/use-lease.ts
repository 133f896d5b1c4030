import type { TJobView } from '@app/contracts';
import { App } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface RealtimePush {
  action?: string;
  job_id?: number;
  job_ids?: number[];
  task_id?: number;
  seconds?: number;
}

/**
 * The lease countdown of a job in hand. It starts from the server's `remaining_seconds` and counts the time
 * elapsed since that answer arrived (a monotonic clock: `receivedAt` is performance.now()), so a wrong page
 * clock does not matter. Listens to the shell's `realtime` window events: `lease_warning` (notification, and the
 * server's figure corrects the count of this job) and `lease_expired` (expired now).
 */
export function useLease(job: TJobView, receivedAt: number) {
  const { t } = useTranslation('jobs');
  const { notification } = App.useApp();
  const leased = job.status === 'in_progress' && job.lease_ends_at !== null;
  const [deadline, setDeadline] = useState(() => receivedAt + job.remaining_seconds * 1000);
  const [now, setNow] = useState(() => performance.now());
  const [expiredByPush, setExpiredByPush] = useState(false);

  useEffect(() => {
    if (!leased) return;
    const timer = window.setInterval(() => setNow(performance.now()), 1000);
    return () => window.clearInterval(timer);
  }, [leased]);

  useEffect(() => {
    const onPush = (event: Event) => {
      const data = (event as CustomEvent<RealtimePush>).detail;
      if (!data) return;
      if (data.action === 'lease_warning' && data.task_id === job.task_id && typeof data.seconds === 'number') {
        if (data.job_id === job.id) setDeadline(performance.now() + data.seconds * 1000);
        notification.warning({
          key: `lease-${data.job_id ?? job.id}`,
          title: t('lease_warning', { num: data.seconds }),
        });
      } else if (data.action === 'lease_expired' && data.task_id === job.task_id && data.job_ids?.includes(job.id)) {
        setExpiredByPush(true);
      }
    };
    window.addEventListener('realtime', onPush);
    return () => window.removeEventListener('realtime', onPush);
  }, [job.id, job.task_id, notification, t]);

  const markExpired = useCallback(() => setExpiredByPush(true), []);
  const remaining = leased ? Math.max(0, Math.ceil((deadline - now) / 1000)) : null;
  const expired = leased && (expiredByPush || remaining === 0);
  return { leased, remaining, expired, markExpired };
}
