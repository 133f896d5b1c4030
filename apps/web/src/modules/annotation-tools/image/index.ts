export { ImageAnnotator, ImageAnnotator as default } from './ImageAnnotator.tsx';
export { hasImageTools } from './image-tools.ts';
