/**
 * Smaller copies of a large image (halved until the longest side is at most 1024 pixels), made once when the
 * image loads, so that a zoomed-out view samples a copy near the screen's size instead of the whole bitmap every
 * frame. `factor` is the copy's size relative to the image.
 */
export interface ImageLevel {
  factor: number;
  source: CanvasImageSource;
}

const SMALLEST = 1024;

export function imageLevels(image: HTMLImageElement): ImageLevel[] {
  const levels: ImageLevel[] = [{ factor: 1, source: image }];
  let width = image.naturalWidth;
  let height = image.naturalHeight;
  let source: CanvasImageSource = image;
  while (Math.max(width, height) > SMALLEST * 2) {
    width = Math.ceil(width / 2);
    height = Math.ceil(height / 2);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d');
    if (!ctx) break;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(source, 0, 0, width, height);
    source = canvas;
    levels.push({ factor: width / image.naturalWidth, source });
  }
  return levels;
}

/**
 * Draws the image at image pixels (0, 0)-(width, height) on `ctx` (whose transform maps image pixels to canvas
 * pixels) from the smallest copy that still has a pixel for every canvas pixel.
 */
export function drawImageLevel(
  ctx: CanvasRenderingContext2D,
  levels: readonly ImageLevel[],
  width: number,
  height: number,
) {
  const scale = ctx.getTransform().a;
  let level = levels[0];
  for (const candidate of levels) if (candidate.factor >= scale) level = candidate;
  if (level) ctx.drawImage(level.source, 0, 0, width, height);
}
