import { z } from 'zod';
import { INT32_MAX } from '../lists.ts';
import { procedure } from '../procedure.ts';
import { ZExamCandidate, ZExamEvent } from './exams.ts';
import { ZJoinCredentials } from './live-rooms.ts';

/**
 * Live invigilation (docs/invigilation.md, `/liveroom-invigilation-management`): candidates of an exam with
 * `live_invigilation` on publish their camera (and their screen with `invigilation_screen`) to the exam's media room
 * while they answer; the exam's teachers watch a grid of the candidates answering now, 16 a page, each with the
 * attempt's evidence timeline, warn one candidate, and mark cheating with the exams' own flow
 * (`/dataset-examine/mark-cheat`). Times are ISO strings.
 */
export const INVIGILATION_LIMITS = { warning: 200, perPage: 16 } as const;

const ZId = z.number().int().positive();
const ZIso = z.string();
const ZOk = z.object({ ok: z.literal(true) });

export const ZInvigilatedExam = z.object({
  id: z.number().int(),
  name: z.string(),
  window_start: ZIso,
  window_end: ZIso,
  /** Attempts in progress now. */
  answering: z.number().int(),
});
export type TInvigilatedExam = z.infer<typeof ZInvigilatedExam>;

/** The camera (or the screen) as the timeline last saw it: never on, on, or stopped. */
export const INVIGILATION_DEVICE_STATES = ['none', 'on', 'stopped'] as const;

export const ZInvigilatedCandidate = ZExamCandidate.extend({
  camera: z.enum(INVIGILATION_DEVICE_STATES),
  /** The shared screen likewise (`none` when the exam does not share screens). */
  screen: z.enum(INVIGILATION_DEVICE_STATES),
  warnings: z.number().int(),
  /** The attempt's newest evidence events (at most 6), oldest first. */
  events: z.array(ZExamEvent),
});
export type TInvigilatedCandidate = z.infer<typeof ZInvigilatedCandidate>;

export const ZInvigilationGrid = z.object({
  /** `invigilation_screen`: candidates share their screen too (the tiles show it beside the camera). */
  exam: z.object({ id: z.number().int(), name: z.string(), invigilation_screen: z.boolean() }),
  /** Whether a media server is configured (without one the grid shows the timelines only). */
  media: z.boolean(),
  list: z.array(ZInvigilatedCandidate),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TInvigilationGrid = z.infer<typeof ZInvigilationGrid>;

/** What the candidate's page receives when warned (`action: 'invigilation'` over the platform websocket). */
export const ZInvigilationWarningPush = z.object({
  action: z.literal('invigilation'),
  attempt_id: z.number().int(),
  message: z.string(),
});

const examTenant = { exam_id: 'exam' } as const;
const attemptTenant = { attempt_id: 'exam_attempt' } as const;

export const invigilationProcedures = {
  invigilationExams: procedure({
    path: '/live-room/invigilation-exams',
    summary: 'Published exams of the organisation with live invigilation on and their window not over a day ago.',
    input: z.object({}),
    output: z.object({ list: z.array(ZInvigilatedExam) }),
  }),
  invigilationGrid: procedure({
    path: '/live-room/invigilation-grid',
    summary:
      "An exam's candidates answering now (16 a page, oldest start first) with camera, screen, warnings and timeline.",
    input: z.object({
      exam_id: ZId,
      page: z.number().int().min(1).max(INT32_MAX).default(1),
    }),
    output: ZInvigilationGrid,
    tenantIds: examTenant,
  }),
  invigilationToken: procedure({
    path: '/live-room/invigilation-token',
    summary: "An invigilator's credentials for the exam's media room (watching only).",
    input: z.object({ exam_id: ZId }),
    output: ZJoinCredentials,
    tenantIds: examTenant,
  }),
  invigilationWarn: procedure({
    path: '/live-room/invigilation-warn',
    summary: "Sends a warning to a candidate answering now: shown on their page, kept in the attempt's timeline.",
    input: z.object({
      attempt_id: ZId,
      message: z.string().trim().min(1, 'validation.required').max(INVIGILATION_LIMITS.warning, 'validation.too_long'),
    }),
    output: ZOk,
    tenantIds: attemptTenant,
  }),
  examCameraToken: procedure({
    path: '/live-room/exam-camera-token',
    summary:
      "The candidate's credentials to publish their camera (and screen, when the exam shares it) to the exam's media room.",
    input: z.object({ attempt_id: ZId }),
    output: ZJoinCredentials,
    tenantIds: attemptTenant,
  }),
};
