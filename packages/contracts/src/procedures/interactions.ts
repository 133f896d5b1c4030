import { z } from 'zod';
import { listOutput, ZListInput } from '../lists.ts';
import { procedure } from '../procedure.ts';
import { ZAnswerResponse, ZQuestionSpec } from '../question-answers.ts';
import { QUESTION_TYPES } from '../question-rules.ts';
import { ZExamPaperQuestion } from './exam-taking.ts';
import { ZFilePayload } from './members.ts';

/**
 * Interactive answering (docs/interactions.md, `/course-interact/...`): a course's ordered auto-graded questions a
 * teacher runs live for classes of the course (`/teacher/course/interactExam`), sending one question at a time;
 * students answer on `/course/interactExam` as the question reaches them over the websocket. Times are ISO strings;
 * `remaining_ms` is the server's own count.
 */
export const INTERACTION_LIMITS = { title: 64, items: 50, seconds: 600, points: 1000, classes: 20 } as const;
export const INTERACTION_QUESTION_STATES = ['idle', 'open', 'closed', 'revealed'] as const;
/** Live: the teacher sends one question at a time; self-paced: every question is open at once (docs/interactions.md). */
export const INTERACTION_RUN_MODES = ['live', 'self_paced'] as const;
export const ZInteractionRunMode = z.enum(INTERACTION_RUN_MODES);
export type TInteractionRunMode = z.infer<typeof ZInteractionRunMode>;

const ZId = z.number().int().positive();
const ZIso = z.string();
const ZOk = z.object({ ok: z.literal(true) });

export const ZInteractionItem = z.object({
  question_id: ZId,
  /** Seconds to answer once sent; 0 = until the teacher closes it. */
  seconds: z.number().int().min(0).max(INTERACTION_LIMITS.seconds),
  points: z.number().int().min(0).max(INTERACTION_LIMITS.points),
});
export type TInteractionItem = z.infer<typeof ZInteractionItem>;

export const ZInteractionSettings = z.object({
  anonymous: z.boolean(),
  show_answer: z.boolean(),
  leaderboard: z.boolean(),
  speed_points: z.boolean(),
  allow_change: z.boolean(),
});
export type TInteractionSettings = z.infer<typeof ZInteractionSettings>;

export const ZInteractionInput = z.object({
  title: z.string().trim().min(1).max(INTERACTION_LIMITS.title),
  items: z.array(ZInteractionItem).min(1).max(INTERACTION_LIMITS.items),
  settings: ZInteractionSettings,
});

export const ZInteractionRow = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  title: z.string(),
  question_count: z.number().int(),
  settings: ZInteractionSettings,
  run_count: z.number().int(),
  /** The run still open, if any (one at a time per interaction). */
  open_run_id: z.number().int().nullable(),
  updated_at: ZIso,
});
export type TInteractionRow = z.infer<typeof ZInteractionRow>;

export const ZInteractionDetail = ZInteractionRow.extend({
  items: z.array(ZInteractionItem.extend({ type: z.enum(QUESTION_TYPES), stem_text: z.string() })),
});
export type TInteractionDetail = z.infer<typeof ZInteractionDetail>;

/** How a question's answers split: per option for choices; right, partly right and wrong for the other types. */
export const ZAnswerSplit = z.object({
  answered: z.number().int(),
  correct: z.number().int(),
  /** Choices: how many chose each option, by the option's key (original position). */
  options: z.array(z.object({ key: z.number().int(), count: z.number().int() })),
  partial: z.number().int(),
  wrong: z.number().int(),
});
export type TAnswerSplit = z.infer<typeof ZAnswerSplit>;

export const ZLeaderboardRow = z.object({
  /** null when the run is anonymous (students shown by place only). */
  user_id: z.number().int().nullable(),
  name: z.string(),
  points: z.number().int(),
  correct: z.number().int(),
});

/** The current question as a student sees it: no key until revealed. */
export const ZInteractQuestion = ZExamPaperQuestion.extend({ index: z.number().int() });
export type TInteractQuestion = z.infer<typeof ZInteractQuestion>;

/** A student's answer to a question: the outcome once the question (self-paced: the run) is closed. */
const ZMyAnswer = z.object({
  chosen: z.array(z.number().int()),
  response: ZAnswerResponse.nullable(),
  /** Known once the question is closed. */
  correct: z.boolean().nullable(),
  points: z.number().int().nullable(),
});

/** The key of a question: choices their correct option keys, the other types their spec. */
const ZKey = { correct_options: z.array(z.number().int()).nullable(), spec: ZQuestionSpec.nullable() };

const ZRunState = z.object({
  run_id: z.number().int(),
  interaction_id: z.number().int(),
  course_id: z.number().int(),
  title: z.string(),
  mode: ZInteractionRunMode,
  status: z.enum(['open', 'ended']),
  question_count: z.number().int(),
  /** Self-paced: always -1 (every question is open at once; the state and countdown are the run's). */
  current_index: z.number().int(),
  question_state: z.enum(INTERACTION_QUESTION_STATES),
  /** Milliseconds left on the current question (null: no limit, or not open). */
  remaining_ms: z.number().int().nullable(),
  settings: ZInteractionSettings,
  server_now: ZIso,
});

/** What the teacher's live screen shows (`/teacher/course/interactExam`). */
export const ZRunLive = ZRunState.extend({
  class_ids: z.array(z.number().int()),
  /** The run's questions in order, to send one after another. */
  items: z.array(ZInteractionItem.extend({ type: z.enum(QUESTION_TYPES), stem_text: z.string() })),
  /** Students of the chosen classes, those who opened the page, and answers to the current question. */
  student_count: z.number().int(),
  joined_count: z.number().int(),
  question: ZInteractQuestion.nullable(),
  /** The key of the current question (choices: correct option keys; the others: the spec). */
  correct_options: z.array(z.number().int()).nullable(),
  spec: ZQuestionSpec.nullable(),
  split: ZAnswerSplit.nullable(),
  leaderboard: z.array(ZLeaderboardRow),
  /** Self-paced: every question with its key and split (empty in live mode). */
  sheet: z.array(z.object({ question: ZInteractQuestion, ...ZKey, split: ZAnswerSplit })),
});
export type TRunLive = z.infer<typeof ZRunLive>;

/** What a student's screen shows (`/course/interactExam`), also the catch-up after a reconnect. */
export const ZRunStudentView = ZRunState.extend({
  question: ZInteractQuestion.nullable(),
  my_answer: ZMyAnswer.nullable(),
  /** Shown once revealed, when the interaction shows answers. */
  ...ZKey,
  my_points: z.number().int(),
  leaderboard: z.array(ZLeaderboardRow),
  /**
   * Self-paced: every question with the student's answer and, once revealed or ended (when the interaction shows
   * answers), its key; empty in live mode.
   */
  sheet: z.array(z.object({ question: ZInteractQuestion, my_answer: ZMyAnswer.nullable(), ...ZKey })),
});
export type TRunStudentView = z.infer<typeof ZRunStudentView>;

export const ZInteractAnswerInput = z.object({
  run_id: ZId,
  /** The question the student answers (an answer to a question no longer current is refused). */
  /** Live: the current question; self-paced: any question of the run. */
  index: z.number().int().min(0).max(INTERACTION_LIMITS.items),
  chosen: z.array(z.number().int().min(0).max(25)).max(26).default([]),
  response: ZAnswerResponse.nullable().default(null),
});

export const ZRunRecord = z.object({
  run_id: z.number().int(),
  interaction_id: z.number().int(),
  title: z.string(),
  mode: ZInteractionRunMode,
  status: z.enum(['open', 'ended']),
  started_at: ZIso,
  ended_at: ZIso.nullable(),
  class_names: z.array(z.string()),
  student_count: z.number().int(),
  joined_count: z.number().int(),
  /** Answers right of all answers given, 0-100 (null without answers). */
  accuracy: z.number().nullable(),
});

export const ZRunDetail = ZRunRecord.extend({
  questions: z.array(
    z.object({
      index: z.number().int(),
      question_id: z.number().int(),
      type: z.enum(QUESTION_TYPES),
      stem_text: z.string(),
      points: z.number().int(),
      answered: z.number().int(),
      correct: z.number().int(),
    }),
  ),
  students: z.array(
    z.object({
      user_id: z.number().int(),
      username: z.string(),
      nickname: z.string(),
      joined: z.boolean(),
      points: z.number().int(),
      correct: z.number().int(),
      /** In question order: the answer's points, or null when not answered. */
      answers: z.array(z.object({ correct: z.boolean(), points: z.number().int() }).nullable()),
    }),
  ),
});
export type TRunDetail = z.infer<typeof ZRunDetail>;

export const ZOpenRunItem = z.object({
  id: z.number().int(),
  train_id: z.number().int(),
  title: z.string(),
  course_name: z.string(),
  data_count: z.number().int(),
});

export const interactionProcedures = {
  interactList: procedure({
    path: '/course-interact/list',
    summary: "A course's interactions with how often each ran and the run still open.",
    input: z.object({ course_id: ZId }),
    output: z.object({ list: z.array(ZInteractionRow) }),
    tenantIds: { course_id: 'course' },
  }),
  interactDetail: procedure({
    path: '/course-interact/detail',
    summary: 'An interaction with its questions (type and stem text).',
    input: z.object({ id: ZId }),
    output: ZInteractionDetail,
    tenantIds: { id: 'interaction' },
  }),
  interactCreate: procedure({
    path: '/course-interact/create',
    summary:
      "Adds an interaction to a course: passed questions of the organisation or the author's own, auto-graded types.",
    input: ZInteractionInput.extend({ course_id: ZId }),
    output: ZInteractionDetail,
    tenantIds: { course_id: 'course' },
  }),
  interactUpdate: procedure({
    path: '/course-interact/update',
    summary: 'Changes an interaction (runs already started keep what they started with).',
    input: ZInteractionInput.extend({ id: ZId }),
    output: ZInteractionDetail,
    tenantIds: { id: 'interaction' },
  }),
  interactDelete: procedure({
    path: '/course-interact/delete',
    summary: 'Deletes an interaction and its past runs; refused while a run is open (interaction_running).',
    input: z.object({ id: ZId }),
    output: ZOk,
    tenantIds: { id: 'interaction' },
  }),
  interactStart: procedure({
    path: '/course-interact/start',
    summary:
      'Starts a run of an interaction for classes of its course (online): live, nothing sent yet; or self-paced, ' +
      'every question open at once (until the sum of their seconds, none when one has no limit).',
    input: z.object({
      id: ZId,
      class_ids: z.array(ZId).min(1).max(INTERACTION_LIMITS.classes),
      mode: ZInteractionRunMode.default('live'),
    }),
    output: ZRunLive,
    tenantIds: { id: 'interaction', class_ids: 'group' },
  }),
  interactSend: procedure({
    path: '/course-interact/send',
    summary:
      "Sends a question of the run to its students' screens (closing the current one); its clock starts. A " +
      'self-paced run answers interaction_self_paced.',
    input: z.object({ run_id: ZId, index: z.number().int().min(0).max(INTERACTION_LIMITS.items) }),
    output: ZRunLive,
    tenantIds: { run_id: 'interaction_run' },
  }),
  interactClose: procedure({
    path: '/course-interact/close',
    summary: 'Closes the current question: no more answers; the students see whether they were right.',
    input: z.object({ run_id: ZId }),
    output: ZRunLive,
    tenantIds: { run_id: 'interaction_run' },
  }),
  interactReveal: procedure({
    path: '/course-interact/reveal',
    summary:
      "Closes the current question if open and shows its key on the students' screens (when the interaction shows answers).",
    input: z.object({ run_id: ZId }),
    output: ZRunLive,
    tenantIds: { run_id: 'interaction_run' },
  }),
  interactEnd: procedure({
    path: '/course-interact/end',
    summary: 'Ends the run: its record is kept; the students see the final leaderboard.',
    input: z.object({ run_id: ZId }),
    output: ZRunLive,
    tenantIds: { run_id: 'interaction_run' },
  }),
  interactLive: procedure({
    path: '/course-interact/live',
    summary: "The teacher's live view of a run: joined, answered, the split of answers, the leaderboard.",
    input: z.object({ run_id: ZId }),
    output: ZRunLive,
    tenantIds: { run_id: 'interaction_run' },
  }),
  interactRecords: procedure({
    path: '/course-interact/records',
    summary: "A course's runs, newest first, with participation and accuracy (`/course/interact/record`).",
    input: ZListInput.extend({ course_id: ZId }),
    output: listOutput(ZRunRecord),
    tenantIds: { course_id: 'course' },
  }),
  interactRunDetail: procedure({
    path: '/course-interact/run-detail',
    summary: "A run's questions with their accuracy and each student's answers and points (`/course/interact/detail`).",
    input: z.object({ run_id: ZId }),
    output: ZRunDetail,
    tenantIds: { run_id: 'interaction_run' },
  }),
  interactRunExport: procedure({
    path: '/course-interact/run-export',
    summary:
      "A run's detail as an xlsx file (base64): a row per student of its classes with joined, points, right answers " +
      "and each question's points (or — when not answered).",
    input: z.object({ run_id: ZId }),
    output: ZFilePayload,
    tenantIds: { run_id: 'interaction_run' },
  }),
  interactMyOpen: procedure({
    path: '/course-interact/my-open',
    summary: "The open runs for the caller's classes that still wait for an answer from them (the to-do panel).",
    input: z.object({}),
    output: z.object({ list: z.array(ZOpenRunItem) }),
  }),
  interactJoin: procedure({
    path: '/course-interact/join',
    summary:
      "A student's view of a run (`/course/interactExam`): the current question without its key, the server's " +
      'countdown, their answer, the key once revealed; also the catch-up after a reconnect. Marks them as joined.',
    input: z.object({ run_id: ZId }),
    output: ZRunStudentView,
    tenantIds: { run_id: 'interaction_run' },
  }),
  interactAnswer: procedure({
    path: '/course-interact/answer',
    summary:
      'Answers the current question (self-paced: any question) while it is open: once, or changed until it closes ' +
      'when the interaction allows; refused after it closed (interaction_question_closed).',
    input: ZInteractAnswerInput,
    output: ZRunStudentView,
    tenantIds: { run_id: 'interaction_run' },
  }),
} as const;
