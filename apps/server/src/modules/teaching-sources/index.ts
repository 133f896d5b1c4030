// Front door of the teaching-sources module (others import it only from here). A teacher's library of documents and
// videos (docs/teaching-sources.md): the procedures, the file route, the conversion job and the upload sweeper for
// app.ts, for the courses module the sources a material task shows and whether a caller may use one, and for live
// rooms a recording put in the host's library.

export { addRecordedSource } from './add-recorded-source.service.ts';
export { TEACHING_SOURCE_QUEUE_JOBS } from './convert-source-job.ts';
export { SOURCE_UPLOAD_SWEEP_MS, sweepSourceUploads } from './sweep-source-uploads.ts';
export { registerTeachingSourceFileRoute } from './teaching-source-file.route.ts';
export { teachingSourceUsable } from './teaching-source-usable.service.ts';
export { teachingSourceImplementations } from './teaching-sources.procedures.ts';
export { readTeachingSources, type TeachingSourceFile, teachingSourceFileUrl } from './teaching-sources.queries.ts';
