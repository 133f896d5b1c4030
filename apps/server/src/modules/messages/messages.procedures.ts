import { messageProcedures as p } from '@app/contracts';
import { implement } from '../../platform/procedures.ts';
import { listMessages, markMessagesRead } from './messages.queries.ts';

/** The message center: the caller's notices in their current organisation (none without one). */
export const messageImplementations = [
  implement(p.messageList, async (input, ctx) => {
    const { siteId, userId } = ctx.session;
    if (siteId === null) return { list: [], total: 0, page: input.page, pageSize: input.pageSize, unread: 0 };
    return listMessages(ctx.db, siteId, userId, input);
  }),
  implement(p.messageRead, async (input, ctx) => {
    const { siteId, userId } = ctx.session;
    if (siteId === null) return { unread: 0 };
    return { unread: await markMessagesRead(ctx.db, siteId, userId, input) };
  }),
];
