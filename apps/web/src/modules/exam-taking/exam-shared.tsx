import type { TMyExamItem, TQuestionType } from '@app/contracts';
import { isChoiceType } from '@app/contracts/question-rules.ts';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import './exam.css';

export const examPath = (examId: number) => `/exam?id=${examId}`;
export const attemptPath = (examId: number, attemptId: number) => `/exam?id=${examId}&attempt=${attemptId}`;
export const resultPath = (examId: number, attemptId: number) => `/exam?id=${examId}&attempt=${attemptId}&isResult=1`;
export const preExamPath = (examId: number) => `/trainingcamp/pre-exam?id=${examId}`;
export const recordDetailPath = (attemptId: number) => `/examine/trainingcamp/exam-detail/result/${attemptId}`;

/**
 * Question HTML (stem, option, analysis). The server sanitises every fragment it stores, so the markup is trusted.
 */
export function ExamHtml({ html, testId }: { html: string; testId?: string }) {
  return (
    <div
      className="exam-html"
      data-testid={testId}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: question HTML is sanitised by the server on every save
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/**
 * A question type's name: the choices from this module's catalogue, the other types from the question bank's
 * (the page loads `question-bank` with `exam-taking`).
 */
export const typeName = (t: TFunction, type: TQuestionType) =>
  isChoiceType(type) ? t(`exam-taking:type_${type}`) : t(`question-bank:type_${type}`);

/** Option positions as letters (0 -> A). */
export const letter = (position: number) => String.fromCharCode(65 + position);

/** A duration in seconds as minutes for the lists ("90 min"). */
export const durationText = (t: TFunction, seconds: number) =>
  t('exam-taking:minutes', { count: Math.round(seconds / 60) });

/** A countdown in ms as h:mm:ss / mm:ss. */
export function clockText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

const STATE_COLOR: Record<TMyExamItem['my_state'], string | undefined> = {
  not_joined: undefined,
  joined: 'blue',
  in_progress: 'processing',
  passed: 'success',
  failed: 'error',
  being_graded: 'warning',
  unfinished: undefined,
};

/** The candidate's state in an exam, as a coloured tag. */
export function MyStateTag({ state, t }: { state: TMyExamItem['my_state']; t: TFunction }) {
  return (
    <Tag color={STATE_COLOR[state]} data-testid="exam-my-state">
      {t(`exam-taking:state_${state}`)}
    </Tag>
  );
}

/** The attempt states of a record or a result. */
export function AttemptStatusTag({
  status,
  passed,
  t,
}: {
  status: 'in_progress' | 'submitted' | 'being_graded' | 'graded';
  passed: boolean | null;
  t: TFunction;
}) {
  if (status === 'in_progress') return <Tag color="processing">{t('exam-taking:state_in_progress')}</Tag>;
  if (status === 'being_graded' || passed === null) {
    return (
      <Tag color="warning" data-testid="exam-being-graded">
        {t('exam-taking:state_being_graded')}
      </Tag>
    );
  }
  return passed ? (
    <Tag color="success">{t('exam-taking:state_passed')}</Tag>
  ) : (
    <Tag color="error">{t('exam-taking:state_failed')}</Tag>
  );
}
