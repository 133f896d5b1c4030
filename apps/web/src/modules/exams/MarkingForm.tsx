import type { TMarkingAnswer, TMarkResult } from '@app/contracts';
import { MARKING_LIMITS } from '@app/contracts/procedures/exam-marking.ts';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../shared/query-client.ts';
import { useSession } from '../../shared/session/session-context.tsx';
import { markComplete, type Rubric, rubricTotal } from './marking-format.ts';
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
 * `onMove` goes to the next (1) or previous (-1) answer and says false at the end of the list.
 */
export function MarkingForm({
  examId,
  answer,
  rubric,
  candidate,
  onMove,
}: {
  examId: number;
  answer: TMarkingAnswer;
  rubric: Rubric;
  candidate: string;
  onMove: (step: 1 | -1) => boolean;
}) {
  const { t } = useTranslation('exam-marking');
  const { message } = App.useApp();
  const nickname = useSession().detail.user.nickname;
  const saved = useMarkSaved(examId);
  const hasRubric = rubric.length > 0;
  const [values, setValues] = useState<Values>(() => ({
    points: answer.points,
    figures: rubric.map((_c, i) => answer.rubric_points?.[i] ?? null),
    comment: answer.comment,
  }));
  /** The values as typed, for the keys (read in the same keydown that typed them, before React renders). */
  const current = useRef(values);
  const change = (patch: Partial<Values>) => {
    current.current = { ...current.current, ...patch };
    setValues(current.current);
  };

  const done = (result: TMarkResult) => {
    const name = candidate;
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
      }),
    onSuccess: (result, v) => {
      done(result);
      // The listings are written at once; the counts are fetched again meanwhile, not waited for.
      void saved(
        {
          ...answer,
          points: result.points,
          rubric_points: hasRubric ? v.figures.map((f) => f ?? 0) : null,
          comment: v.comment.trim(),
          marked_by_name: nickname,
          marked_at: new Date().toISOString(),
        },
        answer.points === null && result.attempt_status === 'graded',
      );
      if (!onMove(1)) void message.info(t('list_end'));
    },
    onError: (error) => showError(error),
    onSettled: () => {
      busy.current = false;
    },
  });
  const complete = markComplete(rubric, values.points, values.figures);
  const submit = () => {
    if (busy.current) return;
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
    <Form layout="vertical" component="div" data-testid="marking-form">
      {hasRubric ? (
        <Form.Item label={t('rubric_marks', { max: answer.max_points })}>
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
          disabled={!complete}
          loading={save.isPending}
          onClick={submit}
          data-testid="marking-save"
        >
          {t('save_next')}
        </Button>
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="marking-keys-help">
          {t(hasRubric ? 'keys_help_rubric' : 'keys_help')}
        </Typography.Text>
      </Space>
    </Form>
  );
}
