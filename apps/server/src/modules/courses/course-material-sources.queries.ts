import type { TCourseTaskView } from '@app/contracts';
import type { Executor } from '@app/db';
import { readTeachingSources } from '../teaching-sources/index.ts';

/** Where a student opens a task's library file: through the task, so access follows the course (course-material.route.ts). */
export const courseMaterialUrl = (taskId: number) => `/api/file/course-material/${taskId}`;

/**
 * Fills `source` of the material tasks showing a library file (only those whose material the student may see): its
 * kind, state and addresses through the task. A source deleted meanwhile leaves `source` null.
 */
export async function withMaterialSources(
  db: Executor,
  siteId: number,
  views: TCourseTaskView[],
): Promise<TCourseTaskView[]> {
  const ids = views.flatMap((view) => (view.material?.type === 'source' ? [view.material.source_id] : []));
  if (ids.length === 0) return views;
  const sources = await readTeachingSources(db, siteId, [...new Set(ids)]);
  return views.map((view) => {
    const source = view.material?.type === 'source' ? sources.get(view.material.source_id) : undefined;
    if (!source) return view;
    const url = courseMaterialUrl(view.id);
    return {
      ...view,
      source: {
        kind: source.kind,
        file_name: source.fileName,
        status: source.status,
        failure: source.failure,
        view_url: source.viewKey ? url : null,
        download_url: `${url}?download=1`,
        duration_seconds: source.durationSeconds,
      },
    };
  });
}
