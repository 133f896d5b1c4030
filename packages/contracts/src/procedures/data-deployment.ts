import { z } from 'zod';
import { listOutput, ZListInput } from '../lists.ts';
import { procedure } from '../procedure.ts';

/**
 * Data deployment (platform administration): data packets are folders on FTP servers;
 * a finished pack is pushed to a packet's folder, or a packet's files are pulled into a project's data. Transfers
 * run in the background; their progress is polled through `/data-deployment/transfer-list`.
 */
export const DATA_PACKET_LIMITS = { name: 30, path: 500, address: 200, user: 100, password: 200 } as const;

const ZId = z.number().int().positive();
const OK = z.object({ ok: z.literal(true) });

/** `host` or `host:port` (port 1-65535); an IPv6 host goes in brackets: `[::1]:21`. */
export const FTP_ADDRESS_PATTERN = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/;

export const ZFtpAddress = z
  .string()
  .trim()
  .max(DATA_PACKET_LIMITS.address, 'validation.too_long')
  .refine((v) => v === '' || (FTP_ADDRESS_PATTERN.test(v) && Number(FTP_ADDRESS_PATTERN.exec(v)?.[1] ?? 21) <= 65535), {
    message: 'validation.invalid_value',
  });

export const ZPacketName = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(DATA_PACKET_LIMITS.name, 'validation.too_long');

const packetFields = {
  name: ZPacketName,
  /** Folder on the FTP server, e.g. `/exports/cars`; empty: the login folder. */
  path: z.string().trim().max(DATA_PACKET_LIMITS.path, 'validation.too_long').default(''),
  /** `host[:port]`; required to push or pull (empty saves a packet without a server yet). */
  ftp_address: ZFtpAddress.default(''),
  ftp_user: z.string().trim().max(DATA_PACKET_LIMITS.user, 'validation.too_long').default(''),
};

export const ZPacketCreateInput = z.object({
  ...packetFields,
  ftp_password: z.string().max(DATA_PACKET_LIMITS.password, 'validation.too_long').default(''),
});
export type TPacketCreateInput = z.input<typeof ZPacketCreateInput>;

export const ZPacketUpdateInput = z.object({
  id: ZId,
  ...packetFields,
  /** Omitted or null: the stored password is kept; a string (empty included) replaces it. */
  ftp_password: z.string().max(DATA_PACKET_LIMITS.password, 'validation.too_long').nullish(),
});
export type TPacketUpdateInput = z.input<typeof ZPacketUpdateInput>;

export const TRANSFER_STATUSES = ['running', 'succeeded', 'failed'] as const;
export type TTransferStatus = (typeof TRANSFER_STATUSES)[number];

export const ZDataTransfer = z.object({
  id: z.number().int(),
  packet_id: z.number().int(),
  packet_name: z.string(),
  kind: z.enum(['push', 'pull']),
  pack_id: z.number().int().nullable(),
  project_id: z.number().int().nullable(),
  project_name: z.string().nullable(),
  status: z.enum(TRANSFER_STATUSES),
  bytes_done: z.number().int(),
  bytes_total: z.number().int(),
  /** The FTP server's message (e.g. `530 Login incorrect.`) or why the import failed. */
  error: z.string().nullable(),
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  created_by: z.string().nullable(),
});
export type TDataTransfer = z.infer<typeof ZDataTransfer>;

/** A packet as the client sees it: never the password, only whether one is stored. */
export const ZDataPacket = z.object({
  id: z.number().int(),
  name: z.string(),
  path: z.string(),
  ftp_address: z.string(),
  ftp_user: z.string(),
  has_password: z.boolean(),
  size_bytes: z.number().int(),
  /** Data volume: files under the packet's path at the last transfer. */
  item_count: z.number().int(),
  uploaded_at: z.string().nullable(),
  created_at: z.string(),
  /** The newest transfer of this packet, for the list's state column. */
  last_transfer: ZDataTransfer.nullable(),
});
export type TDataPacket = z.infer<typeof ZDataPacket>;

export const ZPackOption = z.object({
  id: z.number().int(),
  project_name: z.string(),
  site_name: z.string(),
  format: z.string(),
  file_bytes: z.number().int(),
  ended_at: z.string().nullable(),
});
export type TPackOption = z.infer<typeof ZPackOption>;

export const ZDeployProjectOption = z.object({
  id: z.number().int(),
  name: z.string(),
  site_name: z.string(),
  item_count: z.number().int(),
});
export type TDeployProjectOption = z.infer<typeof ZDeployProjectOption>;

export const dataDeploymentProcedures = {
  packetList: procedure({
    path: '/data-deployment/packet-list',
    platform: true,
    summary:
      'Data packets, newest first; the keyword searches name, path and FTP address. The password is never ' +
      'returned (has_password says whether one is stored).',
    input: ZListInput,
    output: listOutput(ZDataPacket),
  }),
  packetCreate: procedure({
    path: '/data-deployment/packet-create',
    platform: true,
    summary: 'Creates a data packet; the FTP password is stored encrypted (AES-256-GCM).',
    input: ZPacketCreateInput,
    output: ZDataPacket,
  }),
  packetUpdate: procedure({
    path: '/data-deployment/packet-update',
    platform: true,
    summary: 'Changes a data packet; without ftp_password the stored one is kept.',
    input: ZPacketUpdateInput,
    output: ZDataPacket,
  }),
  packetDelete: procedure({
    path: '/data-deployment/packet-delete',
    platform: true,
    summary:
      'Deletes a data packet and its transfer history (files on the FTP server stay); packet_busy while one runs.',
    input: z.object({ id: ZId }),
    output: OK,
  }),
  push: procedure({
    path: '/data-deployment/push',
    platform: true,
    summary:
      "Starts uploading a finished pack's zip to <path>/<file name> on the packet's FTP server, in the background; " +
      'answers the running transfer (poll transfer-list). On success the packet’s size, volume and upload time ' +
      'are read back from the server. packet_no_ftp_address, pack_not_ready, packet_busy.',
    input: z.object({ packet_id: ZId, pack_id: ZId }),
    output: ZDataTransfer,
  }),
  pull: procedure({
    path: '/data-deployment/pull',
    platform: true,
    summary:
      "Starts downloading the packet's files (recursively under its path) into a draft project's data, in the " +
      'background, the same way as a data upload: one zip archive is unpacked, otherwise the supported data files ' +
      'become items. packet_no_ftp_address, project_data_locked, data_source_conflict, packet_busy.',
    input: z.object({ packet_id: ZId, project_id: ZId }),
    output: ZDataTransfer,
  }),
  transferList: procedure({
    path: '/data-deployment/transfer-list',
    platform: true,
    summary: 'Transfers, newest first, of one packet or all, with progress, state and the error message.',
    input: ZListInput.extend({ packet_id: ZId.optional(), status: z.enum(TRANSFER_STATUSES).optional() }),
    output: listOutput(ZDataTransfer),
  }),
  packOptions: procedure({
    path: '/data-deployment/pack-options',
    platform: true,
    summary: 'Finished packs of every organisation (newest first, at most 50), for the push dialog.',
    input: z.object({ keyword: z.string().trim().max(100).optional() }),
    output: z.object({ list: z.array(ZPackOption) }),
  }),
  projectOptions: procedure({
    path: '/data-deployment/project-options',
    platform: true,
    summary: 'Draft projects of every organisation whose data may still change (at most 50), for the pull dialog.',
    input: z.object({ keyword: z.string().trim().max(100).optional() }),
    output: z.object({ list: z.array(ZDeployProjectOption) }),
  }),
} as const;
