import type { TAuditAction, TDataPacket, TPacketCreateInput } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { parseFtpAddress } from './ftp-client.ts';
import { loadPacket, packetBusy, packetView } from './packets.queries.ts';
import { deploymentKey, sealSecret } from './secret-box.ts';

const { dataPackets } = schema;

type Fields = Required<Omit<TPacketCreateInput, 'ftp_password'>>;

function columnsOf(input: Fields) {
  const { host, port } = input.ftp_address ? parseFtpAddress(input.ftp_address) : { host: '', port: 21 };
  return { name: input.name, path: input.path, ftpHost: host, ftpPort: port, ftpUser: input.ftp_user };
}

/** What the audit log keeps of a packet: never the password, only whether it changed. */
const auditView = (p: typeof dataPackets.$inferSelect) => ({
  name: p.name,
  path: p.path,
  ftp_host: p.ftpHost,
  ftp_port: p.ftpPort,
  ftp_user: p.ftpUser,
});

function audit(ctx: AuthedContext, action: TAuditAction, id: number, details: Record<string, unknown>) {
  return {
    siteId: ctx.session.siteId,
    userId: ctx.session.userId,
    action,
    targetType: 'data_packet' as const,
    targetId: id,
    details,
    ip: ctx.ip,
  };
}

export async function createPacket(ctx: AuthedContext, input: Fields & { ftp_password: string }): Promise<TDataPacket> {
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(dataPackets)
      .values({
        ...columnsOf(input),
        ftpPasswordEnc: sealSecret(input.ftp_password, deploymentKey(ctx.deps.config.DATA_DEPLOY_KEY)),
        createdBy: ctx.session.userId,
      })
      .returning();
    await recordAudit(tx, audit(ctx, 'data_packet_create', row!.id, { after: auditView(row!) }));
    return row!.id;
  });
  return packetView(ctx.db, id);
}

export async function updatePacket(
  ctx: AuthedContext,
  input: Fields & { id: number; ftp_password?: string | null },
): Promise<TDataPacket> {
  await ctx.db.transaction(async (tx) => {
    const before = await loadPacket(tx, input.id, true);
    const passwordChanged = input.ftp_password !== undefined && input.ftp_password !== null;
    const [after] = await tx
      .update(dataPackets)
      .set({
        ...columnsOf(input),
        ...(passwordChanged
          ? { ftpPasswordEnc: sealSecret(input.ftp_password as string, deploymentKey(ctx.deps.config.DATA_DEPLOY_KEY)) }
          : {}),
      })
      .where(eq(dataPackets.id, input.id))
      .returning();
    await recordAudit(
      tx,
      audit(ctx, 'data_packet_update', input.id, {
        before: auditView(before),
        after: auditView(after!),
        password_changed: passwordChanged,
      }),
    );
  });
  return packetView(ctx.db, input.id);
}

export async function deletePacket(ctx: AuthedContext, id: number): Promise<{ ok: true }> {
  await ctx.db.transaction(async (tx) => {
    const before = await loadPacket(tx, id, true);
    if (await packetBusy(tx, id)) throw new AppError('packet_busy');
    await tx.delete(dataPackets).where(eq(dataPackets.id, id));
    await recordAudit(tx, audit(ctx, 'data_packet_delete', id, { before: auditView(before) }));
  });
  return { ok: true };
}
