export { VideoAnnotator, VideoAnnotator as default } from './VideoAnnotator.tsx';
export { hasVideoTool } from './video-template.ts';
