import { z } from 'zod';
import { DRAW_TYPES, TASK_TYPES, ZTemplateContent } from '../annotation/template.ts';
import { TEMPLATE_PROBLEM_CODES } from '../annotation/template-rules.ts';
import { listOutput, ZListInput } from '../lists.ts';
import { procedure } from '../procedure.ts';
import { AVATAR_DATA_URL_MAX } from '../rules.ts';

/**
 * Annotation categories (platform administration) and templates (docs/annotation-templates.md). Categories are
 * platform-wide; templates are common (no organisation, changed only through the platform `/template/common-*`
 * procedures) or private to one organisation.
 */
export const CATEGORY_LIMITS = { name: 30, nameEn: 60, keyword: 100, field: 100 } as const;
export const TEMPLATE_NAME_MAX = 30;
export const TEMPLATE_SCOPES = ['common', 'private'] as const;
export type TTemplateScope = (typeof TEMPLATE_SCOPES)[number];
export const CATEGORY_IMAGE_FIELDS = ['small_icon', 'big_icon', 'preview_image'] as const;

const ZId = z.number().int().positive();
const ZOk = z.object({ ok: z.literal(true) });
const ZName = (max: number) => z.string().trim().min(1, 'validation.required').max(max, 'validation.too_long');
const ZOptionalText = (max: number) => z.string().trim().max(max, 'validation.too_long');
/**
 * An image as a base64 data URL (JPEG or PNG, 1 KB to 2 MB, checked by its bytes on the server). On update an
 * absent image stays and null removes it.
 */
const ZImageUpload = z.string().min(1).max(AVATAR_DATA_URL_MAX, 'validation.avatar_size').nullable().optional();

export const ZTemplateProblem = z.object({
  code: z.enum(TEMPLATE_PROBLEM_CODES),
  component_id: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  /** The problem in the caller's language. */
  message: z.string(),
});
export type TTemplateProblemRow = z.infer<typeof ZTemplateProblem>;

export const ZCategoryRow = z.object({
  id: z.number().int(),
  name: z.string(),
  name_en: z.string(),
  task_type: z.enum(TASK_TYPES),
  draw_type: z.enum(DRAW_TYPES),
  keyword: z.string(),
  small_icon: z.string().nullable(),
  big_icon: z.string().nullable(),
  preview_image: z.string().nullable(),
  data_field: z.string(),
  template_field: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  /** Templates (common and private) of the category. */
  template_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TCategoryRow = z.infer<typeof ZCategoryRow>;

export const ZCategoryDetail = ZCategoryRow.extend({
  template_zh: ZTemplateContent.nullable(),
  template_en: ZTemplateContent.nullable(),
});
export type TCategoryDetail = z.input<typeof ZCategoryDetail>;

const categoryFields = {
  name: ZName(CATEGORY_LIMITS.name),
  name_en: ZOptionalText(CATEGORY_LIMITS.nameEn).default(''),
  task_type: z.enum(TASK_TYPES),
  draw_type: z.enum(DRAW_TYPES).default('none'),
  keyword: ZOptionalText(CATEGORY_LIMITS.keyword).default(''),
  small_icon: ZImageUpload,
  big_icon: ZImageUpload,
  preview_image: ZImageUpload,
  data_field: ZOptionalText(CATEGORY_LIMITS.field).default(''),
  template_field: ZOptionalText(CATEGORY_LIMITS.field).default(''),
  /** Starting templates in Chinese and English; checked against the category's own rules. */
  template_zh: ZTemplateContent.nullable().optional(),
  template_en: ZTemplateContent.nullable().optional(),
  sort: z.number().int().min(0).max(100_000).default(0),
  enabled: z.boolean().default(true),
};
export const ZCategoryCreateInput = z.object(categoryFields);
export type TCategoryCreateInput = z.input<typeof ZCategoryCreateInput>;
/** Update: absent fields stay as they are. */
export const ZCategoryUpdateInput = z.object({
  id: ZId,
  name: categoryFields.name.optional(),
  name_en: ZOptionalText(CATEGORY_LIMITS.nameEn).optional(),
  task_type: categoryFields.task_type.optional(),
  draw_type: z.enum(DRAW_TYPES).optional(),
  keyword: ZOptionalText(CATEGORY_LIMITS.keyword).optional(),
  small_icon: ZImageUpload,
  big_icon: ZImageUpload,
  preview_image: ZImageUpload,
  data_field: ZOptionalText(CATEGORY_LIMITS.field).optional(),
  template_field: ZOptionalText(CATEGORY_LIMITS.field).optional(),
  template_zh: categoryFields.template_zh,
  template_en: categoryFields.template_en,
  sort: z.number().int().min(0).max(100_000).optional(),
  enabled: z.boolean().optional(),
});
export type TCategoryUpdateInput = z.input<typeof ZCategoryUpdateInput>;
const CATEGORY_BODY_LIMIT = 3 * AVATAR_DATA_URL_MAX + 2 * 1024 * 1024;

export const ZTemplateRow = z.object({
  id: z.number().int(),
  name: z.string(),
  category_id: z.number().int(),
  /** The category's name in the caller's language. */
  category_name: z.string(),
  task_type: z.enum(TASK_TYPES),
  draw_type: z.enum(DRAW_TYPES),
  scope: z.enum(TEMPLATE_SCOPES),
  updated_at: z.string(),
  /** Projects of the caller's organisation that use it (as the project's template or a step's). */
  used_by: z.number().int(),
});
export type TTemplateRow = z.infer<typeof ZTemplateRow>;

export const ZTemplateDetail = ZTemplateRow.extend({
  content: ZTemplateContent,
  /** Public path of the sample image, or null. */
  sample_image: z.string().nullable(),
  created_at: z.string(),
});
export type TTemplateDetail = z.input<typeof ZTemplateDetail>;

const ZTemplateName = ZName(TEMPLATE_NAME_MAX);
const templateFields = {
  name: ZTemplateName,
  category_id: ZId,
  content: ZTemplateContent,
  /** A sample image as a data URL (some components show it, e.g. a keypoints reference pose). */
  sample_image: ZImageUpload,
};
const ZTemplateCreateInput = z.object(templateFields);
const ZTemplateUpdateInput = z.object({
  id: ZId,
  name: ZTemplateName.optional(),
  category_id: ZId.optional(),
  content: ZTemplateContent.optional(),
  sample_image: ZImageUpload,
});
const TEMPLATE_BODY_LIMIT = AVATAR_DATA_URL_MAX + 1024 * 1024;

export const ZTemplateOption = z.object({
  id: z.number().int(),
  name: z.string(),
  category_id: z.number().int(),
  scope: z.enum(TEMPLATE_SCOPES),
});

const INVALID_NOTE =
  'Every save checks the content against the category (docs/annotation-templates.md) and answers template_invalid with ' +
  'the problems in details.problems.';

export const annotationTemplateProcedures = {
  categoryList: procedure({
    path: '/template-category/list',
    platform: true,
    summary: 'Annotation categories by sort then id; the keyword searches names, English names and keywords.',
    input: ZListInput.extend({ task_type: z.enum(TASK_TYPES).optional(), enabled: z.boolean().optional() }),
    output: listOutput(ZCategoryRow),
  }),
  categoryDetail: procedure({
    path: '/template-category/detail',
    platform: true,
    summary: 'One category with its Chinese and English starting templates.',
    input: z.object({ id: ZId }),
    output: ZCategoryDetail,
  }),
  categoryCreate: procedure({
    path: '/template-category/create',
    platform: true,
    summary:
      'A new category; the name is unique (category_name_taken); icons and preview are image data URLs; the ' +
      `starting templates must satisfy the category's rules. ${INVALID_NOTE}`,
    input: ZCategoryCreateInput,
    output: ZCategoryDetail,
    bodyLimit: CATEGORY_BODY_LIMIT,
  }),
  categoryUpdate: procedure({
    path: '/template-category/update',
    platform: true,
    summary:
      'Changes a category (absent fields stay, a null image is removed). Changing its task or draw type is ' +
      'refused (category_in_use) while templates or projects use it.',
    input: ZCategoryUpdateInput,
    output: ZCategoryDetail,
    bodyLimit: CATEGORY_BODY_LIMIT,
  }),
  categoryDelete: procedure({
    path: '/template-category/delete',
    platform: true,
    summary: 'Deletes a category; refused (category_in_use) while templates, projects or steps use it.',
    input: z.object({ id: ZId }),
    output: ZOk,
  }),
  categoryOptions: procedure({
    path: '/template-category/options',
    summary:
      "Enabled categories for project creators and template editors, by sort, named in the caller's language, with " +
      'the starting template in that language.',
    input: z.object({}),
    output: z.object({
      list: z.array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          task_type: z.enum(TASK_TYPES),
          draw_type: z.enum(DRAW_TYPES),
          small_icon: z.string().nullable(),
          /** The starting template in the caller's language (the Chinese one when there is no English one). */
          template: ZTemplateContent.nullable(),
        }),
      ),
    }),
  }),
  templateList: procedure({
    path: '/template/list',
    summary:
      "Templates the caller's organisation may use (common ones and its own private ones), newest change first; " +
      'the keyword searches names.',
    input: ZListInput.extend({ category_id: ZId.optional(), scope: z.enum(TEMPLATE_SCOPES).optional() }),
    output: listOutput(ZTemplateRow),
  }),
  templateDetail: procedure({
    path: '/template/detail',
    summary: "One common template or one of the organisation's private templates, with its content.",
    input: z.object({ id: ZId }),
    output: ZTemplateDetail,
    tenantIds: { id: 'template' },
  }),
  templateCreate: procedure({
    path: '/template/create',
    summary: `A new private template of the caller's organisation in an enabled category. ${INVALID_NOTE}`,
    input: ZTemplateCreateInput,
    output: ZTemplateDetail,
    bodyLimit: TEMPLATE_BODY_LIMIT,
  }),
  templateUpdate: procedure({
    path: '/template/update',
    summary: `Changes a private template (a common one answers forbidden; absent fields stay). ${INVALID_NOTE}`,
    input: ZTemplateUpdateInput,
    output: ZTemplateDetail,
    tenantIds: { id: 'template' },
    bodyLimit: TEMPLATE_BODY_LIMIT,
  }),
  templateCopy: procedure({
    path: '/template/copy',
    summary:
      "Copies a common or own template into a new private template of the caller's organisation (default name: " +
      'the original with a copy suffix).',
    input: z.object({ id: ZId, name: ZTemplateName.optional() }),
    output: ZTemplateDetail,
    tenantIds: { id: 'template' },
  }),
  templateDelete: procedure({
    path: '/template/delete',
    summary:
      'Deletes a private template; a common one answers forbidden; refused (template_in_use) while a project or ' +
      'step uses it.',
    input: z.object({ id: ZId }),
    output: ZOk,
    tenantIds: { id: 'template' },
  }),
  templateValidate: procedure({
    path: '/template/validate',
    summary:
      'The problems of a template document for a category without saving it (live validation): structure ' +
      'problems as schema_invalid, else the template rules. `has_sample_image` says a sample image is uploaded.',
    input: z.object({ category_id: ZId, content: z.unknown(), has_sample_image: z.boolean().default(false) }),
    output: z.object({ problems: z.array(ZTemplateProblem) }),
  }),
  templateOptions: procedure({
    path: '/template/options',
    summary: "Templates the caller's organisation can use in a project: common ones and its own, by name.",
    input: z.object({ category_id: ZId.optional() }),
    output: z.object({ list: z.array(ZTemplateOption) }),
  }),
  templateCommonCreate: procedure({
    path: '/template/common-create',
    platform: true,
    summary: `A new common template, offered to every organisation. ${INVALID_NOTE}`,
    input: ZTemplateCreateInput,
    output: ZTemplateDetail,
    bodyLimit: TEMPLATE_BODY_LIMIT,
  }),
  templateCommonUpdate: procedure({
    path: '/template/common-update',
    platform: true,
    summary: `Changes a common template (a private one answers not_found). ${INVALID_NOTE}`,
    input: ZTemplateUpdateInput,
    output: ZTemplateDetail,
    bodyLimit: TEMPLATE_BODY_LIMIT,
  }),
  templateCommonDelete: procedure({
    path: '/template/common-delete',
    platform: true,
    summary:
      'Deletes a common template; refused (template_in_use) while a project or step of any organisation uses it.',
    input: z.object({ id: ZId }),
    output: ZOk,
  }),
} as const;
