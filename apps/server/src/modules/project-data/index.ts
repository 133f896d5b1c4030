// Front door of the project-data module (others import it only from here). Data items of a project: the procedures and
// file routes, adding data (data deployment), the files cached next to an item's.

export { requireSource } from './add-items.ts';
export { FILE_READ_KEYS, registerDataFileRoutes } from './data-file.route.ts';
export { playCachePath, waveformCachePath } from './derived-files.ts';
export { projectDataImplementations } from './project-data.procedures.ts';
export { requireDataOpen } from './project-data.queries.ts';
export { uploadData } from './upload-data.service.ts';
