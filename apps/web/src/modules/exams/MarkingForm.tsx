import type { TMarkingAnswer, TMarkResult } from '@app/contracts';
import { MARKING_LIMITS } from '@app/contracts/procedures/exam-marking.ts';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, InputNumber, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api.ts';
import { useSession } from '../../shared/session/session-context.tsx';
import { markComplete, markGap, type Rubric, rubricTotal } from './marking-format.ts';
import { COMMENT_ID, keyPlace, markingKeyAction, POINTS_ID_PREFIX } from './marking-keys.ts';
import { markAnswer, useMarkSaved } from './queries.ts';

interface Values {
  points: number | null;
  figures: (number | null)[];
  comment: string;
}

/**
 * The mark of one answer: its points (0 to the question's points on that paper) or, with a rubric, one figure per
 * criterion and their total, a comment, "Save and next"; and the page's keys while it is shown (marking-keys.ts).
 * `second`: the second mark of an answer chosen for one (it changes no score; the server keeps its points, not the
 * rubric figures, and refuses it from the first marker, which the form says before). A refusal shows in the form.
 * `onMove` goes to the next (1) or previous (-1) answer and says false at the end of the list.
 */
export function MarkingForm({
  examId,
  answer,
  rubric,
  candidate,
  second = false,
  onMove,
}: {
  examId: number;
  answer: TMarkingAnswer;
  rubric: Rubric;
  candidate: string;
  second?: boolean;
  onMove: (step: 1 | -1) => boolean;
}) {
  const { t } = useTranslation('exam-marking');
  const { message } = App.useApp();
  const { nickname, id: myId } = useSession().detail.user;
  const saved = useMarkSaved(examId);
  const hasRubric = rubric.length > 0;
  /** The first marker cannot give the second mark (marking_second_same_marker). */
  const sameMarker = second && answer.marked_by_id === myId;
  const [problem, setProblem] = useState<string | null>(null);
  const [values, setValues] = useState<Values>(() =>
    second
      ? { points: answer.second_points, figures: rubric.map(() => null), comment: answer.second_comment }
      : {
          points: answer.points,
          figures: rubric.map((_c, i) => answer.rubric_points?.[i] ?? null),
          comment: answer.comment,
        },
  );
  /** The values as typed, for the keys (read in the same keydown that typed them, before React renders). */
  const current = useRef(values);
  const change = (patch: Partial<Values>) => {
    current.current = { ...current.current, ...patch };
    setValues(current.current);
  };

  const done = (result: TMarkResult) => {
    const name = candidate;
    if (second) {
      const gap = markGap({ ...answer, second_points: result.points });
      if (gap?.large) return void message.warning({ content: t('second_saved_apart'), duration: 5 });
      return void message.success({ content: t('second_saved'), duration: 1.5 });
    }
    if (result.attempt_status !== 'graded') return void message.success({ content: t('saved'), duration: 1.5 });
    if (answer.points !== null) return void message.success(t('score_now', { name, score: result.score ?? '-' }));
    const key =
      result.passed === null ? 'attempt_graded' : result.passed ? 'attempt_graded_passed' : 'attempt_graded_failed';
    void message.success({ content: t(key, { name, score: result.score ?? '-' }), duration: 5 });
  };
  /** A save on its way (a second Enter before React renders must not send the mark twice). */
  const busy = useRef(false);
  const save = useMutation({
    mutationFn: (v: Values) =>
      markAnswer({
        attempt_id: answer.attempt_id,
        question_id: answer.question_id,
        points: hasRubric ? null : v.points,
        rubric_points: hasRubric ? v.figures.map((f) => f ?? 0) : null,
        comment: v.comment.trim(),
        second,
      }),
    onSuccess: (result, v) => {
      setProblem(null);
      done(result);
      const now = new Date().toISOString();
      // The listings are written at once; the counts are fetched again meanwhile, not waited for.
      void saved(
        second
          ? {
              ...answer,
              second_points: result.points,
              second_comment: v.comment.trim(),
              second_marked_by_name: nickname,
              second_marked_by_id: myId,
              second_marked_at: now,
            }
          : {
              ...answer,
              points: result.points,
              rubric_points: hasRubric ? v.figures.map((f) => f ?? 0) : null,
              comment: v.comment.trim(),
              marked_by_name: nickname,
              marked_by_id: myId,
              marked_at: now,
            },
        !second && answer.points === null && result.attempt_status === 'graded',
      );
      if (!onMove(1)) void message.info(t('list_end'));
    },
    // Shown in the form, beside the button (a second mark from the first marker, points too high, …).
    onError: (error) => setProblem(errorMessage(error) || null),
    onSettled: () => {
      busy.current = false;
    },
  });
  const complete = markComplete(rubric, values.points, values.figures);
  const submit = () => {
    if (busy.current) return;
    if (sameMarker) {
      void message.warning(t('second_same_marker'));
      return;
    }
    if (!markComplete(rubric, current.current.points, current.current.figures)) {
      void message.warning(t(hasRubric ? 'rubric_required' : 'points_required'));
      return;
    }
    busy.current = true;
    save.mutate(current.current);
  };

  const keys = useRef({ submit, onMove, change, hasRubric, max: answer.max_points });
  keys.current = { submit, onMove, change, hasRubric, max: answer.max_points };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const k = keys.current;
      const place = keyPlace(event.target instanceof HTMLElement ? event.target : null);
      const action = markingKeyAction(event, place, { rubric: k.hasRubric, maxPoints: k.max });
      if (!action) return;
      event.preventDefault();
      if (action.kind === 'save') k.submit();
      else if (action.kind === 'points') k.change({ points: action.points });
      else k.onMove(action.kind === 'next' ? 1 : -1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const total = rubricTotal(values.figures, rubric, answer.max_points);
  return (
    <Form layout="vertical" component="div" data-testid="marking-form" data-second={second}>
      {sameMarker && (
        <Alert
          type="warning"
          showIcon
          title={t('second_same_marker')}
          style={{ marginBottom: 12 }}
          data-testid="marking-second-same"
        />
      )}
      {hasRubric ? (
        <Form.Item
          label={t('rubric_marks', { max: answer.max_points })}
          extra={
            second && answer.second_points !== null
              ? t('second_rubric_note', { points: answer.second_points })
              : undefined
          }
        >
          <Space orientation="vertical" style={{ width: '100%' }}>
            {rubric.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rubric lines have no id; their place is their identity
              <Space key={i} wrap>
                <InputNumber
                  id={`${POINTS_ID_PREFIX}-${i}`}
                  min={0}
                  max={c.points}
                  precision={2}
                  value={values.figures[i]}
                  onChange={(v) => change({ figures: current.current.figures.map((f, j) => (j === i ? v : f)) })}
                  suffix={`/ ${c.points}`}
                  style={{ width: 140 }}
                  aria-label={c.criterion}
                  data-testid={`marking-rubric-${i}`}
                />
                <Typography.Text>{c.criterion}</Typography.Text>
              </Space>
            ))}
            <Typography.Text strong data-testid="marking-rubric-total">
              {t('rubric_total', {
                given: total.given,
                most: total.most,
                points: total.points,
                max: answer.max_points,
              })}
            </Typography.Text>
          </Space>
        </Form.Item>
      ) : (
        <Form.Item label={t('points_label')} htmlFor={POINTS_ID_PREFIX}>
          <InputNumber
            id={POINTS_ID_PREFIX}
            min={0}
            max={answer.max_points}
            precision={2}
            value={values.points}
            onChange={(v) => change({ points: v })}
            suffix={`/ ${answer.max_points}`}
            style={{ width: 160 }}
            data-testid="marking-points"
          />
        </Form.Item>
      )}
      <Form.Item label={t('comment')} htmlFor={COMMENT_ID}>
        <Input.TextArea
          id={COMMENT_ID}
          value={values.comment}
          onChange={(e) => change({ comment: e.target.value })}
          maxLength={MARKING_LIMITS.comment}
          showCount
          autoSize={{ minRows: 2, maxRows: 6 }}
          placeholder={t('comment_placeholder')}
          data-testid="marking-comment"
        />
      </Form.Item>
      <Space wrap>
        <Button
          type="primary"
          disabled={!complete || sameMarker}
          loading={save.isPending}
          onClick={submit}
          data-testid="marking-save"
        >
          {t(second ? 'save_second_next' : 'save_next')}
        </Button>
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="marking-keys-help">
          {t(hasRubric ? 'keys_help_rubric' : 'keys_help')}
        </Typography.Text>
      </Space>
      {problem && (
        <Alert type="error" showIcon title={problem} style={{ marginTop: 12 }} data-testid="marking-save-error" />
      )}
    </Form>
  );
}
