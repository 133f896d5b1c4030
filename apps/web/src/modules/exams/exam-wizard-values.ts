import type { TExamDetail, TExamKind, TPaperMode } from '@app/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { audienceValues } from '../audiences/index.ts';
import { type BlueprintValues, EMPTY_BLUEPRINT } from './ExamPaperStep.tsx';

/** The exam wizard's form values (ExamWizardPage): what each step holds, made from an exam and turned into input. */

export interface WizardValues {
  name: string;
  description: string;
  category_id: number | null;
  paper_mode: 'fixed' | 'random';
  question_ids: number[];
  blueprint: BlueprintValues;
  total_score: number;
  pass_score: number | null;
  duration_minutes: number;
  attempts_allowed: number;
  window: [Dayjs, Dayjs] | null;
  sort: number;
  price_yuan: number;
  shuffle_questions: boolean;
  shuffle_options: boolean;
  partial_credit: boolean;
  blind_marking: boolean;
  second_marking_share: number;
  /** Homework (docs/homework.md): when it is due inside the window, and the late penalty in percent. */
  kind: 'exam' | 'homework';
  due_at: Dayjs | null;
  late_penalty: number;
  show_analysis: boolean;
  live_invigilation: boolean;
  /** Shown and sent only with live invigilation on. */
  invigilation_screen: boolean;
  cert_template_id: number | null;
  audience: 'students' | 'chosen';
  audience_group_ids: number[];
  audience_user_ids: number[];
}

/**
 * Course mode (docs/courses.md, "Course exams"): the course's page fixes the paper mode and the audience (the
 * students of the course's classes, shown as a line instead of the audience fields), may start the window on the
 * chapter's dates, and after publishing makes the course's task itself.
 */
export interface ExamWizardCourse {
  paperMode: TPaperMode;
  /** A homework instead of an exam: due time and late penalty instead of a duration. */
  homework?: boolean;
  /** The course's classes, the exam's audience (`chosen`). */
  classIds: number[];
  audienceNote: ReactNode;
  window?: [Dayjs, Dayjs];
  windowNote?: ReactNode;
  /** Runs once the exam is published (a throw shows in the wizard, which may publish again). */
  onPublished: (exam: TExamDetail) => Promise<void>;
  onCancel: () => void;
}

/** Fields checked before leaving each step. */
export const STEP_FIELDS: (string | string[])[][] = [
  ['name', 'description'],
  ['paper_mode', 'question_ids', ['blueprint', 'total']],
  ['total_score', 'pass_score', 'duration_minutes', 'attempts_allowed', 'window'],
  [],
];

/** The kind of a new exam: a course's homework, else what the page asked for (`?kind=homework`), else an exam. */
export const newKind = (course?: ExamWizardCourse, kind?: TExamKind): TExamKind =>
  course ? (course.homework ? 'homework' : 'exam') : (kind ?? 'exam');

export function initialValues(exam?: TExamDetail, course?: ExamWizardCourse, kind?: TExamKind): WizardValues {
  const start = dayjs().add(1, 'hour').startOf('hour');
  return {
    name: exam?.name ?? '',
    description: exam?.description ?? '',
    category_id: exam?.category_id ?? null,
    paper_mode: exam?.paper_mode ?? 'fixed',
    question_ids: exam?.question_ids ?? [],
    blueprint: exam?.blueprint ?? EMPTY_BLUEPRINT,
    total_score: exam?.total_score ?? 100,
    pass_score: exam?.pass_score ?? 60,
    duration_minutes: exam ? Math.round(exam.duration_seconds / 60) : 60,
    attempts_allowed: exam?.attempts_allowed ?? 1,
    window: exam ? [dayjs(exam.window_start), dayjs(exam.window_end)] : [start, start.add(7, 'day')],
    sort: exam?.sort ?? 0,
    price_yuan: (exam?.price_cents ?? 0) / 100,
    shuffle_questions: exam?.shuffle_questions ?? false,
    shuffle_options: exam?.shuffle_options ?? false,
    partial_credit: exam?.partial_credit ?? false,
    blind_marking: exam?.blind_marking ?? false,
    second_marking_share: exam?.second_marking_share ?? 0,
    kind: exam?.kind ?? newKind(course, kind),
    due_at: exam?.due_at ? dayjs(exam.due_at) : null,
    late_penalty: exam?.late_penalty ?? 0,
    show_analysis: exam?.show_analysis ?? true,
    live_invigilation: exam?.live_invigilation ?? false,
    invigilation_screen: exam?.invigilation_screen ?? false,
    cert_template_id: exam?.cert_template_id ?? null,
    ...audienceValues<WizardValues['audience']>(exam?.audience, 'students'),
    ...(course && {
      paper_mode: course.paperMode,
      audience: 'chosen' as const,
      audience_group_ids: course.classIds,
      audience_user_ids: [],
      ...(course.window && { window: course.window }),
    }),
  };
}

/** The contract's input from the wizard's values (the form keeps minutes, yuan and a date range). */
export function examInput(v: WizardValues) {
  return {
    name: v.name.trim(),
    description: (v.description ?? '').trim(),
    category_id: v.category_id ?? null,
    paper_mode: v.paper_mode,
    question_ids: v.paper_mode === 'fixed' ? (v.question_ids ?? []) : [],
    blueprint: v.paper_mode === 'random' ? { ...EMPTY_BLUEPRINT, ...v.blueprint } : null,
    total_score: v.total_score,
    pass_score: v.pass_score ?? 0,
    duration_seconds: Math.round(v.duration_minutes * 60),
    attempts_allowed: v.attempts_allowed,
    window_start: (v.window?.[0] ?? dayjs()).toISOString(),
    window_end: (v.window?.[1] ?? dayjs()).toISOString(),
    sort: v.sort ?? 0,
    price_cents: Math.round((v.price_yuan ?? 0) * 100),
    shuffle_questions: v.shuffle_questions,
    shuffle_options: v.shuffle_options,
    partial_credit: v.partial_credit,
    blind_marking: v.blind_marking ?? false,
    second_marking_share: v.second_marking_share ?? 0,
    kind: v.kind,
    // A homework is due at the time given, else when its window ends (no late work then).
    due_at: v.kind === 'homework' ? (v.due_at ?? v.window?.[1] ?? dayjs()).toISOString() : null,
    late_penalty: v.kind === 'homework' ? (v.late_penalty ?? 0) : 0,
    show_analysis: v.show_analysis,
    live_invigilation: v.kind === 'exam' && (v.live_invigilation ?? false),
    invigilation_screen: v.kind === 'exam' && (v.live_invigilation ?? false) && (v.invigilation_screen ?? false),
    cert_template_id: v.cert_template_id ?? null,
    audience: v.audience,
    audience_group_ids: v.audience === 'chosen' ? (v.audience_group_ids ?? []) : [],
    audience_user_ids: v.audience === 'chosen' ? (v.audience_user_ids ?? []) : [],
  };
}
