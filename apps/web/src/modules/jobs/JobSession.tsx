import type { TJobBrief, TJobView } from '@app/contracts';
import { Alert, App, Button } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../shared/query-client.ts';
import { useSession } from '../../shared/session/session-context.tsx';
import { asWorkResult, submitBlockers } from '../annotation-tools/index.ts';
import { JobFrameHeader } from './JobFrameHeader.tsx';
import { JobWorkArea } from './JobWorkArea.tsx';
import { ReasonModal } from './ReasonModal.tsx';
import { ShortcutSheet } from './ShortcutSheet.tsx';
import { applyOverrides, readOverrides, writeOverrides } from './shortcut-overrides.ts';
import { useJobActions } from './use-job-actions.ts';
import { useJobDraft } from './use-job-draft.ts';
import { useLease } from './use-lease.ts';
import { useUndoable } from './use-undoable.ts';

interface Props {
  job: TJobView;
  inHand: TJobBrief[];
  receivedAt: number;
  onGo: (jobId: number) => void;
  onNext: (nextJobId: number | null) => void;
  onExit: () => Promise<unknown>;
  onReclaim: () => void;
  reclaiming: boolean;
}

type Asking = 'reject' | 'reset' | 'pend' | null;

/**
 * One job in hand, filling the window: the header (position, lease, save state, undo / redo, save, Exit, Submit or
 * the review decisions, always in view), the alerts, then the work area (the tool and its side panel).
 */
export function JobSession({ job, inHand, receivedAt, onGo, onNext, onExit, onReclaim, reclaiming }: Props) {
  const { t } = useTranslation(['jobs', 'common']);
  const { message, modal } = App.useApp();
  const lease = useLease(job, receivedAt);
  const review = job.subject !== null;
  const workable = job.status === 'in_progress' && !lease.expired;
  const editable = workable && (!review || (job.subject?.editable ?? false));
  const draft = useJobDraft(job, editable);
  const history = useUndoable(draft.value, draft.setValue);
  const userId = useSession().detail.user.id;
  const [overrides, setOverrides] = useState(() => readOverrides(userId));
  const [helpOpen, setHelpOpen] = useState(false);
  const working = useMemo(() => ({ ...job, template: applyOverrides(job.template, overrides) }), [job, overrides]);
  const actions = useJobActions(job, { settle: draft.settle, onNext, onExpired: lease.markExpired });
  const [asking, setAsking] = useState<Asking>(null);
  const judged = useMemo(() => JSON.stringify(asWorkResult(job.subject?.result)), [job.subject]);
  /** A reviewer's corrected result, sent with the decision when the step lets reviewers edit and it differs. */
  const corrected = () => (editable && JSON.stringify(draft.value) !== judged ? draft.value : undefined);

  const save = () =>
    draft.save(true).then(
      () => message.success(t('draft_saved')),
      () => {},
    );
  const primary = () => {
    if (!workable || actions.busy) return;
    if (review) actions.review.mutate({ decision: 'pass', result: corrected() });
    else {
      // Rules of the media tools the result cannot show (a video played through once): submitBlockers().
      const blocked = submitBlockers();
      if (blocked.length > 0) message.error(blocked.join('; '));
      else actions.submit.mutate(draft.value);
    }
  };
  const keys = useRef({ save, primary, editable, history });
  keys.current = { save, primary, editable, history };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const typing = event.target instanceof HTMLElement && event.target.closest('input, textarea, [contenteditable]');
      if (event.key === '?' && !typing) setHelpOpen(true);
      if (!(event.ctrlKey || event.metaKey)) return;
      const key = event.key.toLowerCase();
      if ((key === 'z' || key === 'y') && !typing && keys.current.editable) {
        event.preventDefault();
        if (key === 'y' || event.shiftKey) keys.current.history.redo();
        else keys.current.history.undo();
      } else if (key === 's') {
        event.preventDefault();
        if (keys.current.editable) void keys.current.save();
      } else if (event.key === 'Enter') {
        event.preventDefault();
        keys.current.primary();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const exit = () =>
    modal.confirm({
      title: t('exit_confirm_title'),
      content: t('exit_confirm'),
      okText: t('exit'),
      cancelText: t('common:cancel'),
      okButtonProps: { danger: true, ...{ 'data-testid': 'job-exit-confirm' } },
      onOk: async () => {
        draft.settle();
        await onExit().catch(showError);
      },
    });
  const confirmReason = (reason: string) => {
    if (asking === 'pend') actions.pend.mutate(reason, { onSettled: () => setAsking(null) });
    else if (asking) {
      actions.review.mutate({ decision: asking, reason, result: corrected() }, { onSettled: () => setAsking(null) });
    }
  };
  const saveState = draft.saving
    ? t('saving')
    : draft.saveError
      ? t('save_failed')
      : draft.dirty
        ? t('unsaved')
        : draft.savedAt
          ? t('saved_at', { time: new Date(draft.savedAt).toLocaleTimeString() })
          : '';

  const decisions = review ? (
    <>
      <Button danger disabled={!workable || actions.busy} onClick={() => setAsking('reset')} data-testid="job-reset">
        {t('reset')}
      </Button>
      <Button danger disabled={!workable || actions.busy} onClick={() => setAsking('reject')} data-testid="job-reject">
        {t('reject')}
      </Button>
      <Button disabled={!workable || actions.busy} onClick={() => setAsking('pend')} data-testid="job-pend">
        {t('suspend')}
      </Button>
      <Button
        type="primary"
        disabled={!workable}
        loading={actions.review.isPending && actions.review.variables?.decision === 'pass'}
        onClick={primary}
        data-testid="job-pass"
      >
        {t('pass')}
      </Button>
    </>
  ) : (
    <>
      <Button disabled={!workable || actions.busy} onClick={() => setAsking('pend')} data-testid="job-pend">
        {t('suspend')}
      </Button>
      <Button
        type="primary"
        disabled={!workable}
        loading={actions.submit.isPending}
        onClick={primary}
        data-testid="job-submit"
      >
        {t('submit')}
      </Button>
    </>
  );

  return (
    <div className="job-frame" data-testid="job-frame">
      <JobFrameHeader
        job={job}
        inHand={inHand}
        remaining={lease.remaining}
        saveState={saveState}
        saveFailed={!!draft.saveError}
        editable={editable}
        history={history}
        saving={draft.saving}
        onSave={() => void save()}
        onHelp={() => setHelpOpen(true)}
        onGo={onGo}
        onExit={exit}
        decisions={decisions}
      />
      {lease.expired && (
        <Alert
          type="error"
          showIcon
          banner
          title={t('lease_expired')}
          action={
            <Button size="small" loading={reclaiming} onClick={onReclaim} data-testid="job-reclaim">
              {t('reclaim')}
            </Button>
          }
          data-testid="job-expired"
        />
      )}
      {actions.problems && (
        <Alert
          type="error"
          showIcon
          banner
          closable={{ onClose: actions.clearProblems }}
          title={t('result_problems')}
          description={
            <ul style={{ margin: 0, paddingLeft: 20 }}>
              {actions.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          }
          data-testid="job-problems"
        />
      )}
      <JobWorkArea job={working} value={draft.value} onChange={history.change} readOnly={!editable} />
      <ShortcutSheet
        open={helpOpen}
        template={job.template}
        overrides={overrides}
        onClose={() => setHelpOpen(false)}
        onSave={(next) => {
          writeOverrides(userId, next);
          setOverrides(next);
          setHelpOpen(false);
        }}
      />
      <ReasonModal
        open={asking !== null}
        title={asking ? t(asking === 'pend' ? 'suspend' : asking) : ''}
        hint={asking ? t(`reason_hint_${asking}`) : undefined}
        loading={actions.busy}
        onCancel={() => setAsking(null)}
        onConfirm={confirmReason}
      />
    </div>
  );
}
