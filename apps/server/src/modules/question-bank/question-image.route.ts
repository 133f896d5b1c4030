import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/context.ts';
import { readToken, resolveSession } from '../../platform/session.ts';
import { sendStoredFile } from '../../platform/stored-file-route.ts';
import { QUESTION_IMAGE_FOLDER, QUESTION_IMAGE_URL_PREFIX } from './question-html.ts';

/** The names `/dataset-data/image-upload` gives: a UUID and the image's extension. */
const IMAGE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|gif|webp)$/;

/**
 * `GET /api/file/question-images/:site/:name`: an image of a question (stem, option, analysis), served to the
 * signed-in members of the organisation that owns it, whatever their role (learners see it in practice and
 * exams); the token comes from the header or the cookie, so `<img>` works. Anyone else, signed in or not,
 * gets 404 like a missing image: the address alone does not tell that it exists.
 */
export function registerQuestionImageRoute(app: FastifyInstance, deps: AppDeps): void {
  app.get(`${QUESTION_IMAGE_URL_PREFIX}:site/:name`, async (request, reply) => {
    const { site, name } = request.params as { site: string; name: string };
    if (!/^\d{1,15}$/.test(site) || !IMAGE_NAME.test(name)) return reply.callNotFound();
    const token = readToken(request, deps.config.TOKEN_COOKIE);
    const session = token ? await resolveSession(deps, token) : null;
    if (session?.siteId !== Number(site)) return reply.callNotFound();
    return sendStoredFile(request, reply, deps.storage, `${QUESTION_IMAGE_FOLDER}/${site}/${name}`, {
      cacheControl: 'private, max-age=86400',
    });
  });
}
