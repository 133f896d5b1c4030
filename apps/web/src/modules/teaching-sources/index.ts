// Front door of the teaching-sources module: the viewers the course reader shows a library file with, and the
// picker of the course task editor (its pages are in pages.ts). PdfPages loads pdf.js only when it is first drawn.

export { PdfPages, type PdfPagesProps, type PdfProgress } from './PdfPages.tsx';
export { TEACHING_SOURCES_KEY, teachingSourceQuery } from './queries.ts';
export { SourceKindIcon, SourceStatusTag, sourceDetailPath } from './source-shared.tsx';
export { TeachingSourcePicker, type TeachingSourcePickerProps } from './TeachingSourcePicker.tsx';
export { TrackedVideo, type TrackedVideoProps, type VideoProgress } from './TrackedVideo.tsx';
