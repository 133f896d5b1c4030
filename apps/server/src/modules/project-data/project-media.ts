import { flattenComponents, MEDIA_TYPES, mediaFits, type TDataKind, type TTemplateComponent } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { translate } from '@app/i18n';
import { eq } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { ProjectRecord } from './project-data.queries.ts';

/**
 * The kinds of data a project takes (null: any): the media placeholders of its template; before a template is
 * chosen, or when the template shows no media (a form), the media of the project's category; a form category
 * takes any. Templates of a category show its media (template rule `media_mismatch`), so the answer does not
 * change when the template is chosen after the data.
 */
export async function projectMedia(
  db: Executor,
  project: Pick<ProjectRecord, 'templateId' | 'categoryId'>,
): Promise<TDataKind[] | null> {
  if (project.templateId !== null) {
    const [template] = await db
      .select({ content: schema.annotationTemplates.content })
      .from(schema.annotationTemplates)
      .where(eq(schema.annotationTemplates.id, project.templateId));
    const components = (template?.content as { components?: TTemplateComponent[] } | null)?.components ?? [];
    const shown = flattenComponents(components)
      .map(([component]) => component.type)
      .filter((type): type is TDataKind & (typeof MEDIA_TYPES)[number] =>
        (MEDIA_TYPES as readonly string[]).includes(type),
      );
    if (shown.length > 0) return [...new Set(shown)];
  }
  const [category] = await db
    .select({ taskType: schema.annotationCategories.taskType })
    .from(schema.annotationCategories)
    .where(eq(schema.annotationCategories.id, project.categoryId));
  return !category || category.taskType === 'form' ? null : [category.taskType];
}

/** The media in the caller's language, for messages ("image, video"). */
export function mediaWords(ctx: TenantContext, kinds: readonly TDataKind[]): string {
  return kinds.map((kind) => translate(ctx.lang, `project-data.kind_${kind}`)).join(ctx.lang === 'zh-CN' ? '、' : ', ');
}

/** Refuses a data file that does not fit the project's media (`upload_media_wrong`, the file and the media). */
export function requireMediaFit(ctx: TenantContext, media: TDataKind[] | null, name: string, kind: TDataKind): void {
  if (mediaFits(media, kind, false)) return;
  throw new AppError(
    'upload_media_wrong',
    { name, kind: mediaWords(ctx, [kind]), media: mediaWords(ctx, media ?? []) },
    { name, reason: 'media', kind, media },
  );
}
