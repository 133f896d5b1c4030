import { dataDeploymentProcedures as p } from '@app/contracts';
import { implement } from '../../platform/procedures.ts';
import { packOptions, projectOptions } from './options.queries.ts';
import { createPacket, deletePacket, updatePacket } from './packet-writes.service.ts';
import { listPackets, listTransfers } from './packets.queries.ts';
import { startPull } from './pull.service.ts';
import { startPush } from './push.service.ts';
import { dataTransferJob } from './transfers.ts';

/** Data deployment (platform administration): data packets on FTP servers, push of packs, pull into projects. */
export const dataDeploymentImplementations = [
  implement(p.packetList, async (input, ctx) => {
    const { rows, total } = await listPackets(ctx.db, input);
    return { list: rows, total, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.packetCreate, async (input, ctx) => createPacket(ctx, input)),
  implement(p.packetUpdate, async (input, ctx) => updatePacket(ctx, input)),
  implement(p.packetDelete, async (input, ctx) => deletePacket(ctx, input.id)),
  implement(p.push, async (input, ctx) => startPush(ctx, input)),
  implement(p.pull, async (input, ctx) => startPull(ctx, input)),
  implement(p.transferList, async (input, ctx) => {
    const { rows, total } = await listTransfers(ctx.db, input);
    return { list: rows, total, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.packOptions, async (input, ctx) => ({ list: await packOptions(ctx.db, input.keyword) })),
  implement(p.projectOptions, async (input, ctx) => ({ list: await projectOptions(ctx.db, input.keyword) })),
];

/** The queue job of pushes and pulls (app.ts starts it with the queue). */
export const DATA_DEPLOYMENT_QUEUE_JOBS = [dataTransferJob];
