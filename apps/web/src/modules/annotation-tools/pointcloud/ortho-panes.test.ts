import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import type { Cuboid, Vec3 } from './cuboid-math.ts';
import {
  describePane,
  draggedCuboid,
  framePane,
  gripAt,
  type PaneName,
  type PaneState,
  paneAxes,
  paneRect,
  startDrag,
} from './ortho-panes.ts';

// A 4 x 2 x 1.6 cuboid at (10, 20, 1) turned 90°: its front points north (+y), its left west (-x).
const cuboid: Cuboid = { center: [10, 20, 1], size: [4, 2, 1.6], heading: Math.PI / 2 };

/**
 * A framed view of `cuboid` in an element of the given size (its data attributes filled in as on screen). The
 * sizes are picked so that each view shows 0.02 m per pixel: top 400 x 370 (length 4 m up: 4 * 1.6 + 1 = 7.4 m),
 * side and front 370 x 300 and 210 x 300 (length 4 m and width 2 m across).
 */
function framed(name: PaneName, width: number, height: number, shown: Cuboid = cuboid): PaneState {
  const dataset: Record<string, string> = { view: name };
  const element = {
    clientWidth: width,
    clientHeight: height,
    dataset,
    removeAttribute: (attribute: string) => {
      delete dataset[attribute.replace(/^data-/, '')];
    },
  } as unknown as HTMLElement;
  const pane: PaneState = {
    element,
    camera: new THREE.OrthographicCamera(-1, 1, 1, -1, 0.1, 1000),
    axes: paneAxes(name, 0),
    scale: 0.05,
  };
  framePane(pane, name, shown);
  describePane(pane, name, shown);
  return pane;
}
const top = () => framed('top', 400, 370);
const side = () => framed('side', 370, 300);
const front = () => framed('front', 210, 300);

/** Where a world point is drawn in a view, in pixels from its top-left corner. */
function onScreen(pane: PaneState, point: Vec3) {
  const p = new THREE.Vector3(...point).project(pane.camera);
  return { x: ((p.x + 1) / 2) * pane.element.clientWidth, y: ((1 - p.y) / 2) * pane.element.clientHeight };
}

const expectCuboid = (actual: Cuboid, expected: Cuboid) => {
  for (const i of [0, 1, 2]) {
    expect(actual.center[i]).toBeCloseTo(expected.center[i] as number, 6);
    expect(actual.size[i]).toBeCloseTo(expected.size[i] as number, 6);
  }
  expect(actual.heading).toBeCloseTo(expected.heading, 6);
};

describe('framing the views', () => {
  it('shows the top view with the cuboid centred, its front up and its width across', () => {
    const pane = top();
    expect(pane.scale).toBeCloseTo(0.02, 9);
    const r = paneRect(pane, cuboid);
    for (const [key, value] of Object.entries({ cx: 200, cy: 185, left: 150, right: 250, top: 85, bottom: 285 })) {
      expect(r[key as keyof typeof r]).toBeCloseTo(value, 6);
    }
    expect(pane.element.dataset).toMatchObject({ showing: 'true', extent: '2.00x4.00', box: '150,85,100,200' });
    // Its front (north) is at the top edge, its right side (east) at the right edge: what the rectangle promises.
    const frontMiddle = onScreen(pane, [10, 22, 1]);
    expect(frontMiddle.x).toBeCloseTo(200, 6);
    expect(frontMiddle.y).toBeCloseTo(85, 6);
    const rightMiddle = onScreen(pane, [11, 20, 1]);
    expect(rightMiddle.x).toBeCloseTo(250, 6);
    expect(rightMiddle.y).toBeCloseTo(185, 6);
  });

  it('shows the side view from its right (front to the right) and the front view from ahead', () => {
    const s = side();
    expect(s.scale).toBeCloseTo(0.02, 9);
    expect(s.element.dataset).toMatchObject({ extent: '4.00x1.60', box: '85,110,200,80' });
    const nose = onScreen(s, [10, 22, 1.8]);
    expect(nose.x).toBeCloseTo(285, 6);
    expect(nose.y).toBeCloseTo(110, 6);

    const f = front();
    expect(f.scale).toBeCloseTo(0.02, 9);
    expect(f.element.dataset).toMatchObject({ extent: '2.00x1.60', box: '55,110,100,80' });
    // Seen from ahead, the cuboid's left side (west) is on the right of the view.
    const leftSide = onScreen(f, [9, 20, 0.2]);
    expect(leftSide.x).toBeCloseTo(155, 6);
    expect(leftSide.y).toBeCloseTo(190, 6);
  });

  it('clears the view when no cuboid is shown', () => {
    const pane = top();
    describePane(pane, 'top', null);
    expect(pane.element.dataset.showing).toBe('false');
    expect(pane.element.dataset.extent).toBeUndefined();
  });
});

describe('gripAt', () => {
  it('grabs an edge near it, the cuboid inside it', () => {
    const pane = top(); // box 150..250 x 85..285
    expect(gripAt(pane, cuboid, 150, 185)).toBe('left');
    expect(gripAt(pane, cuboid, 255, 100)).toBe('right');
    expect(gripAt(pane, cuboid, 200, 80)).toBe('top');
    expect(gripAt(pane, cuboid, 200, 290)).toBe('bottom');
    expect(gripAt(pane, cuboid, 200, 185)).toBe('move');
  });

  it('grabs nothing on empty space of the side and front views; the top view turns the cuboid there', () => {
    expect(gripAt(side(), cuboid, 20, 20)).toBeNull(); // box 85..285 x 110..190
    expect(gripAt(side(), cuboid, 300, 150)).toBeNull();
    expect(gripAt(front(), cuboid, 200, 280)).toBeNull();
    expect(gripAt(top(), cuboid, 20, 20)).toBe('rotate');
  });
});

describe('draggedCuboid', () => {
  const drag = (pane: PaneState, from: [number, number], to: [number, number]) => {
    const grip = gripAt(pane, cuboid, from[0], from[1]);
    if (!grip) throw new Error('nothing grabbed');
    return draggedCuboid(startDrag(pane, grip, cuboid, { x: from[0], y: from[1] }), { x: to[0], y: to[1] });
  };

  it('resizes by the dragged amount in the cuboid’s own axes, keeping the opposite edge', () => {
    // Top view, right edge 25 px further right: 0.5 m wider, across the cuboid (world x), its left edge stays.
    expectCuboid(drag(top(), [250, 185], [275, 185]), { ...cuboid, center: [10.25, 20, 1], size: [4, 2.5, 1.6] });
    // Top view, top edge 30 px up: 0.6 m longer, forward (north), its rear stays.
    expectCuboid(drag(top(), [200, 85], [200, 55]), { ...cuboid, center: [10, 20.3, 1], size: [4.6, 2, 1.6] });
    // Side view, right edge (its front) 10 px left: 0.2 m shorter, its rear stays.
    expectCuboid(drag(side(), [285, 150], [275, 150]), { ...cuboid, center: [10, 19.9, 1], size: [3.8, 2, 1.6] });
    // Front view, bottom edge 20 px down: 0.4 m taller, downwards, its top stays.
    expectCuboid(drag(front(), [105, 190], [105, 210]), { ...cuboid, center: [10, 20, 0.8], size: [4, 2, 2] });
  });

  it('keeps the smallest size when an edge is dragged past the opposite one', () => {
    // Top view, left edge 200 px right (4 m, past the right edge at x = 11): 5 cm wide against the right edge.
    expectCuboid(drag(top(), [150, 185], [350, 185]), { ...cuboid, center: [10.975, 20, 1], size: [4, 0.05, 1.6] });
  });

  it('moves the cuboid in the view’s plane and turns it from outside in the top view', () => {
    // Side view, 10 px right and 5 px up: 0.2 m forward (north), 0.1 m up.
    expectCuboid(drag(side(), [185, 150], [195, 145]), { ...cuboid, center: [10, 20.2, 1.1] });
    // Top view, from east of it to north of it: a quarter turn counter-clockwise.
    expectCuboid(drag(top(), [350, 185], [200, 35]), { ...cuboid, heading: Math.PI });
  });
});
