export { AttachmentUploader } from './AttachmentUploader.tsx';
export { DataUploadStep } from './DataUploadStep.tsx';
export { ProjectDataBrowser } from './ProjectDataBrowser.tsx';
