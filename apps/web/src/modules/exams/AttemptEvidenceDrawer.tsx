import type { TExamCandidate, TExamEvent } from '@app/contracts';
import { EXAM_LIMITS } from '@app/contracts/procedures/exams.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Empty, Input, Popconfirm, Space, Spin, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { showError } from '../../shared/query-client.ts';
import { attemptEventsQuery, markCheat, useExamsChanged } from './queries.ts';

/** Shown red: the page left, the connection or address changed, the camera or screen stopped, a warning, cheating. */
export const FLAGGED_EVENTS = new Set<TExamEvent['kind']>([
  'blur',
  'hidden',
  'reconnect',
  'ip_change',
  'cheat',
  'camera_stopped',
  'screen_stopped',
  'warning',
]);

const seconds = (ms: number) => Math.round(ms / 1000);
/** Details shown in words; any other string or number shows as `key: value`. */
const SHOWN = new Set([
  'from',
  'to',
  'ip',
  'ms',
  'duration_ms',
  'by',
  'score',
  'note',
  'reason',
  'source',
  'message',
  'deadline',
  'granted_ms',
]);

/** One event's details as a short text (what the page or the server recorded; a warning's message). */
export function detailText(event: TExamEvent, t: (key: string, o?: Record<string, unknown>) => string): string {
  const d = event.detail as Record<string, unknown>;
  const parts: string[] = [];
  if (typeof d.from === 'string' && typeof d.to === 'string') parts.push(`${d.from} → ${d.to}`);
  if (typeof d.ip === 'string') parts.push(d.ip);
  if (typeof d.ms === 'number') parts.push(t('event_seconds', { count: seconds(d.ms) }));
  if (typeof d.duration_ms === 'number') parts.push(t('event_seconds', { count: seconds(d.duration_ms) }));
  if (typeof d.by === 'string') parts.push(t(`by_${d.by}`, { defaultValue: d.by }));
  if (typeof d.score === 'number') parts.push(t('event_score', { score: d.score }));
  if (typeof d.note === 'string') parts.push(d.note);
  if (typeof d.reason === 'string') {
    // Why a camera, or a shared screen, stopped (the same reasons, said of each).
    const device = event.kind.startsWith('screen_') ? 'screen' : 'camera';
    parts.push(t(`${device}_reason_${d.reason}`, { defaultValue: d.reason }));
  }
  if (typeof d.message === 'string') parts.push(d.message);
  if (typeof d.deadline === 'string') parts.push(t('event_deadline', { time: formatTime(d.deadline) }));
  for (const [key, value] of Object.entries(d)) {
    if (!SHOWN.has(key) && (typeof value === 'string' || typeof value === 'number')) parts.push(`${key}: ${value}`);
  }
  return parts.join(' · ');
}

/**
 * The evidence timeline of one attempt (start, resume, blur, hidden, reconnect, IP change, submit, re-open, cheat;
 * with live invigilation the camera and the screen going on or stopping and the invigilators' warnings) and the cheat
 * decision: a note is required; marking fails the attempt (docs/exams.md "Cheating"). The invigilators' grid opens it
 * too.
 */
export function AttemptEvidenceDrawer({ candidate, onClose }: { candidate: TExamCandidate; onClose: () => void }) {
  const { t } = useTranslation(['exams', 'common']);
  const { message } = App.useApp();
  const changed = useExamsChanged();
  const [note, setNote] = useState('');
  const attemptId = candidate.attempt_id!;
  const events = useQuery(attemptEventsQuery(attemptId));
  const mark = useMutation({
    mutationFn: () => markCheat(attemptId, note.trim()),
    onSuccess: async () => {
      void message.success(t('mark_cheat_done'));
      await changed();
      onClose();
    },
    onError: (error) => showError(error),
  });

  return (
    <Drawer
      open
      width={560}
      title={t('evidence_title', { name: candidate.nickname, seq: candidate.seq })}
      onClose={onClose}
    >
      <Typography.Paragraph type="secondary">{t('evidence_help')}</Typography.Paragraph>
      {events.isError ? (
        <LoadFailed error={events.error} onRetry={() => events.refetch()} />
      ) : !events.data ? (
        <Spin />
      ) : events.data.list.length === 0 ? (
        <Empty description={t('no_events')} />
      ) : (
        <Timeline
          data-testid="attempt-timeline"
          items={events.data.list.map((e) => ({
            color: FLAGGED_EVENTS.has(e.kind) ? 'red' : 'blue',
            children: (
              <Space orientation="vertical" size={0}>
                <span>
                  <Typography.Text strong>{t(`event_${e.kind}`)}</Typography.Text> {formatTime(e.at)}
                </span>
                <Typography.Text type="secondary">{detailText(e, t)}</Typography.Text>
              </Space>
            ),
          }))}
        />
      )}
      {candidate.cheat ? (
        <Alert type="error" showIcon title={t('already_cheat')} description={candidate.cheat_note} />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text strong>{t('mark_cheat')}</Typography.Text>
          <Input.TextArea
            value={note}
            onChange={(e) => setNote(e.target.value)}
            maxLength={EXAM_LIMITS.cheatNote}
            showCount
            autoSize={{ minRows: 2, maxRows: 5 }}
            placeholder={t('cheat_note_placeholder')}
            data-testid="cheat-note"
          />
          <Popconfirm
            title={t('mark_cheat_confirm', { name: candidate.nickname })}
            description={t('mark_cheat_help')}
            onConfirm={() => mark.mutateAsync()}
            okText={t('mark_cheat')}
            okButtonProps={{ danger: true }}
            cancelText={t('common:cancel')}
            disabled={!note.trim()}
          >
            <Button danger disabled={!note.trim()} loading={mark.isPending} data-testid="mark-cheat">
              {t('mark_cheat')}
            </Button>
          </Popconfirm>
        </Space>
      )}
    </Drawer>
  );
}
