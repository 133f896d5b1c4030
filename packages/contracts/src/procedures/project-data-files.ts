import { z } from 'zod';
import { DATA_LIMITS } from '../data-files.ts';
import { ZFormId } from '../lists.ts';
import { procedure } from '../procedure.ts';

/**
 * Requirement documents of a project (doc, docx, pdf, jpg, png, jpeg; checked by their bytes): at most 50 per
 * project, at most 5 per upload in the wizard's info step. Served by the authorised file route.
 */
const ZId = z.number().int().positive();

export const ZProjectAttachmentRow = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  url: z.string(),
  created_at: z.string(),
});
export type TProjectAttachmentRow = z.infer<typeof ZProjectAttachmentRow>;

export const projectDataFileProcedures = {
  attachmentUpload: procedure({
    path: '/project/attachment-upload',
    summary:
      "Multipart: project_id (and step 'info' from the wizard's first step), then the documents. Refused past 50 per project, or 5 per upload in the info step (`project_attachment_limit`).",
    input: z.object({ project_id: ZFormId, step: z.enum(['info']).optional() }),
    output: z.object({ list: z.array(ZProjectAttachmentRow), total: z.number().int() }),
    tenantIds: { project_id: 'project' },
    upload: { maxBytes: DATA_LIMITS.fileMaxBytes, maxFiles: DATA_LIMITS.attachmentsPerProject },
  }),
  attachmentList: procedure({
    path: '/project/attachment-list',
    summary: "A project's attachments, oldest first.",
    input: z.object({ project_id: ZId }),
    output: z.object({ list: z.array(ZProjectAttachmentRow), total: z.number().int() }),
    tenantIds: { project_id: 'project' },
  }),
  attachmentDelete: procedure({
    path: '/project/attachment-delete',
    summary: 'Removes one attachment and its file.',
    input: z.object({ id: ZId }),
    output: z.object({ ok: z.literal(true) }),
    tenantIds: { id: 'project_attachment' },
  }),
};
