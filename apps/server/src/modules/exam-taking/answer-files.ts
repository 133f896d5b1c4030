import { randomUUID } from 'node:crypto';
import {
  ANSWER_FILE_EXTENSIONS,
  ANSWER_FILE_KEY,
  ANSWER_FILE_URL_PREFIX,
  extensionOf,
  type TAnswerFile,
  type TQuestionSpec,
} from '@app/contracts';
import { queryRows, schema } from '@app/db';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDeps, TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { bytesFit } from '../../platform/file-signatures.ts';
import type { IncomingFiles } from '../../platform/procedures.ts';
import { fileRouteCaller } from '../../platform/session.ts';
import { sendStoredFile } from '../../platform/stored-file-route.ts';
import { loadMyAttempt, remainingMs } from './exam-access.queries.ts';

/** The private folder of answer files: `answer-files/<organisation>/<attempt>/<uuid>.<extension>`. */
const FOLDER = 'answer-files';
const MIME: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};
/** Who may read any answer file of the organisation besides its candidate: the exam's markers. */
const MARKER_KEYS = ['/dataset-examine/marking-answers'];

/**
 * `/dataset-examine/answer-file` (docs/homework.md "Files"): one file for an essay whose key allows files, on the
 * caller's open attempt before its deadline; checked by its first bytes, at most the upload limit. The answer then
 * names it in `files` (save-answer keeps only keys of its own attempt).
 */
export async function uploadAnswerFile(
  ctx: TenantContext,
  input: { attempt_id: number; question_id: number },
  files: IncomingFiles,
): Promise<TAnswerFile> {
  const attempt = await loadMyAttempt(ctx, input.attempt_id);
  const iterator = files[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) throw new AppError('invalid_input', { fields: 'files: required' }, { fields: [{ field: 'files' }] });
  const { name, stream } = first.value;
  try {
    if (attempt.status !== 'in_progress' || remainingMs(attempt.deadline) <= 0) throw new AppError('exam_time_over');
    if (!attempt.paper.some((entry) => entry.questionId === input.question_id)) throw new AppError('not_found');
    const [question] = await ctx.db
      .select({ type: schema.questions.type, spec: schema.questions.spec })
      .from(schema.questions)
      .where(and(eq(schema.questions.siteId, attempt.siteId), eq(schema.questions.id, input.question_id)));
    const spec = question?.spec as TQuestionSpec | null | undefined;
    if (question?.type !== 'essay' || spec?.file_answers !== true) throw new AppError('answer_files_not_allowed');
  } catch (error) {
    stream.resume();
    throw error;
  }
  const raw = extensionOf(name);
  const extension = raw === 'jpeg' ? 'jpg' : raw;
  if (!(ANSWER_FILE_EXTENSIONS as readonly string[]).includes(raw)) {
    stream.resume();
    throw new AppError('upload_type_wrong', {}, { name, reason: 'type' });
  }
  const key = `${attempt.id}/${randomUUID()}.${extension}`;
  const path = `${FOLDER}/${attempt.siteId}/${key}`;
  let bytes = 0;
  try {
    ({ bytes } = await ctx.deps.storage.saveStream(path, stream, {
      maxBytes: files.maxBytes,
      headBytes: 1024,
      inspect: (head) => {
        if (!bytesFit(extension, head)) throw new AppError('upload_type_wrong', {}, { name, reason: 'mismatch' });
      },
    }));
  } catch (error) {
    if (error instanceof AppError && error.code === 'upload_too_large') {
      throw new AppError('upload_too_large', {}, { name, max_bytes: files.maxBytes });
    }
    throw error;
  }
  return { key, name: name.slice(0, 200), size: bytes, mime: MIME[extension] ?? 'application/octet-stream' };
}

/**
 * `GET /api/file/answer-files/:site/:attempt/:name`: an answer file, to the attempt's candidate and to the
 * organisation's exam markers; anyone else gets 404 like a missing file.
 */
export function registerAnswerFileRoute(app: FastifyInstance, deps: AppDeps): void {
  app.get(`${ANSWER_FILE_URL_PREFIX}:site/:attempt/:name`, async (request, reply) => {
    const { site, attempt, name } = request.params as { site: string; attempt: string; name: string };
    if (!/^\d{1,15}$/.test(site) || !ANSWER_FILE_KEY.test(`${attempt}/${name}`)) return reply.callNotFound();
    const caller = await fileRouteCaller(request, deps);
    if (caller?.siteId !== Number(site)) return reply.callNotFound();
    const marker = MARKER_KEYS.some((key) => caller.permissions.has(key));
    const [owned] = await queryRows<{ ok: boolean }>(
      deps.db,
      sql`select true as ok from exam_attempts where id = ${Number(attempt)} and site_id = ${caller.siteId}
          ${marker ? sql`` : sql`and user_id = ${caller.userId}`}`,
    );
    if (!owned) return reply.callNotFound();
    return sendStoredFile(request, reply, deps.storage, `${FOLDER}/${site}/${attempt}/${name}`, {
      cacheControl: 'private, max-age=3600',
    });
  });
}
