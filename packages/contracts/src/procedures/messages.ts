import { z } from 'zod';
import { listOutput, ZListInput } from '../lists.ts';
import { procedure } from '../procedure.ts';

/** The message center's personal notices: rejected and reset work, expired leases, new tasks, suspended jobs. */
export const USER_MESSAGE_KINDS = [
  'job_rejected',
  'job_reset',
  'job_expired',
  'task_assigned',
  'job_pending',
  /** A learner's correction or feedback arrived (content managers); `context` is the report's kind. */
  'question_reported',
  /** The caller's report was accepted or declined; `context` is the outcome, `reason` the reply. */
  'question_report_handled',
  /** The caller's exam answers were marked by hand: `exam` the exam's name, `score`, `passed` 1/0, `attempt_id`. */
  'exam_marked',
  /** A question of the caller's exam was re-graded and the score changed: `exam`, `score`, `attempt_id`. */
  'exam_regraded',
] as const;
export type TUserMessageKind = (typeof USER_MESSAGE_KINDS)[number];

export const ZUserMessage = z.object({
  id: z.number().int(),
  kind: z.enum(USER_MESSAGE_KINDS),
  /** Values for the message text: task, project, item names, reason, counts; `task_id` / `job_id` to open. */
  params: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  read: z.boolean(),
  created_at: z.iso.datetime({ offset: true }),
});
export type TUserMessage = z.infer<typeof ZUserMessage>;

export const messageProcedures = {
  messageList: procedure({
    path: '/message/list',
    summary: "The caller's notices in the current organisation, newest first, with the unread count.",
    input: ZListInput.extend({ unread: z.boolean().optional() }),
    output: listOutput(ZUserMessage).extend({ unread: z.number().int() }),
    access: 'authenticated',
  }),
  messageRead: procedure({
    path: '/message/read',
    summary: 'Marks notices read: the ones named, or all of them.',
    input: z.union([
      z.object({ ids: z.array(z.number().int().positive()).min(1).max(500) }),
      z.object({ all: z.literal(true) }),
    ]),
    output: z.object({ unread: z.number().int() }),
    access: 'authenticated',
  }),
} as const;
