import type Konva from 'konva';

/**
 * Pan and zoom of the stage, applied to the Konva nodes directly (no React render per wheel tick or drag move).
 * The stage's scale and position map image pixels to screen pixels; layers have no transform of their own, so
 * `stage.getRelativePointerPosition()` answers image pixels. Handles (nodes named `h`) keep their screen size.
 */
export const MIN_SCALE = 0.02;
export const MAX_SCALE = 32;

export class Viewport {
  stage: Konva.Stage | null = null;
  /** The zoom percentage element, updated in place. */
  label: HTMLElement | null = null;
  image: { width: number; height: number } | null = null;

  get scale() {
    return this.stage?.scaleX() ?? 1;
  }

  private apply(scale: number, x: number, y: number) {
    const stage = this.stage;
    if (!stage) return;
    const rescale = scale !== stage.scaleX();
    stage.scale({ x: scale, y: scale });
    stage.position({ x, y });
    if (rescale) this.rescaleHandles();
    if (this.label) this.label.textContent = `${Math.round(scale * 100)}%`;
    stage.batchDraw();
  }

  /** Handles (vertices, points) keep a constant size on screen. */
  rescaleHandles(root?: Konva.Container) {
    const inverse = 1 / this.scale;
    for (const node of (root ?? this.stage)?.find('.h') ?? []) node.scale({ x: inverse, y: inverse });
  }

  /** The whole image in view, centred. */
  fit() {
    const stage = this.stage;
    if (!stage || !this.image) return;
    const { width, height } = this.image;
    const scale = Math.max(MIN_SCALE, Math.min((stage.width() / width) * 0.98, (stage.height() / height) * 0.98));
    this.apply(scale, (stage.width() - width * scale) / 2, (stage.height() - height * scale) / 2);
  }

  /** Zoom by `factor` keeping the image point under `screen` (stage pixels) where it is. */
  zoomAt(factor: number, screen?: { x: number; y: number }) {
    const stage = this.stage;
    if (!stage) return;
    const at = screen ?? { x: stage.width() / 2, y: stage.height() / 2 };
    const old = this.scale;
    const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, old * factor));
    const imageX = (at.x - stage.x()) / old;
    const imageY = (at.y - stage.y()) / old;
    this.apply(scale, at.x - imageX * scale, at.y - imageY * scale);
  }

  /** Zoom for a wheel event at the pointer. */
  wheel(event: WheelEvent) {
    const stage = this.stage;
    if (!stage) return;
    const delta = Math.max(-300, Math.min(300, event.deltaMode === 1 ? event.deltaY * 33 : event.deltaY));
    this.zoomAt(1.0015 ** -delta, stage.getPointerPosition() ?? undefined);
  }

  panTo(x: number, y: number) {
    this.apply(this.scale, x, y);
  }
}
