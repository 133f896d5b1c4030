import type { TJobView } from '@app/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { initialResult, type WorkResult } from '../annotation-tools/index.ts';
import { saveJobDraft } from './queries.ts';

export const AUTOSAVE_MS = 5000;

/**
 * The job's working result with draft saving: every AUTOSAVE_MS when it changed, on leaving the job (unmount,
 * tab hidden) and on demand. `enabled` false (read-only review) saves nothing.
 */
export function useJobDraft(job: TJobView, enabled: boolean) {
  const [value, setValue] = useState<WorkResult>(() => initialResult(job));
  const [saving, setSaving] = useState(false);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<unknown>(null);
  const latest = useRef(value);
  latest.current = value;
  const saved = useRef(JSON.stringify(value));
  const active = useRef(enabled);
  active.current = enabled;
  const settled = useRef(false);
  const dirty = JSON.stringify(value) !== saved.current;

  const save = useCallback(
    async (force = false) => {
      const snapshot = JSON.stringify(latest.current);
      if (!active.current || settled.current || (!force && snapshot === saved.current)) return;
      setSaving(true);
      try {
        const answer = await saveJobDraft({ job_id: job.id, draft: latest.current });
        saved.current = snapshot;
        setSavedAt(answer.saved_at);
        setSaveError(null);
      } catch (error) {
        setSaveError(error);
        throw error;
      } finally {
        setSaving(false);
      }
    },
    [job.id],
  );

  useEffect(() => {
    const timer = window.setInterval(() => void save().catch(() => {}), AUTOSAVE_MS);
    const onHidden = () => {
      if (document.visibilityState === 'hidden') void save().catch(() => {});
    };
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onHidden);
      void save().catch(() => {});
    };
  }, [save]);

  /** Marks the current value as stored (after submit or review nothing is left to save). */
  const settle = useCallback(() => {
    saved.current = JSON.stringify(latest.current);
    settled.current = true;
  }, []);

  return { value, setValue, dirty, save, saving, savedAt, saveError, settle };
}
