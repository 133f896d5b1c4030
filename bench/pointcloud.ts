// Point cloud benchmark: `npm run bench -- pointcloud [--seconds 5] [--points 1000000] [--cuboids 20]
// [--no-baseline]`. Builds bench/pointcloud-page with Vite (the real PointCloudAnnotator of apps/web, read-only, on a
// generated lidar-like cloud written as a binary PCD, with cuboids; the tool's worker fetches and parses it), serves
// it, and in headless Chromium (CHROMIUM_PATH, default /usr/bin/chromium; WebGL on SwiftShader:
// --use-angle=swiftshader --enable-unsafe-swiftshader, plus CHROMIUM_ARGS) orbits the view by itself (the camera
// turned 1° per animation frame) for the given time, then with left-button drags (OrbitControls) and wheel steps
// through real input events for the same time. Prints the frames the orbit view drew per second orbiting by itself
// (target >= 30) and by mouse (which the input round trips bound), the points drawn per frame while it moves (the
// view draws a uniform sample whose size follows the frame time, the whole cloud at rest), the 95th-percentile and
// longest gap between animation frames, and the time from opening the page to the first picture. The same runs on
// 1,000 points first (`--no-baseline` skips it): what the machine, and its load, allow at all.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { buildBenchPage, chromiumPath, serveDir } from './support/browser-page.ts';

const TARGET_FPS = 30;
const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    points: { type: 'string', default: '1000000' },
    cuboids: { type: 'string', default: '20' },
    baseline: { type: 'boolean', default: true },
    'no-baseline': { type: 'boolean', default: false },
  },
  allowPositionals: false,
});
if (values['no-baseline']) values.baseline = false;
const seconds = Number(values.seconds);
if (!(seconds >= 1 && seconds <= 60)) throw new Error('--seconds must be 1 to 60');
const points = Number(values.points);
if (!Number.isInteger(points) || points < 1000 || points > 10_000_000)
  throw new Error('--points must be 1000 to 10000000');
const executablePath = chromiumPath();

const outDir = mkdtempSync(path.join(tmpdir(), 'pointcloud-bench-'));
const started = performance.now();
await buildBenchPage('pointcloud-page', outDir);
console.log(`built the bench page in ${((performance.now() - started) / 1000).toFixed(1)} s`);
const server = await serveDir(outDir);
const browser = await chromium.launch({
  executablePath,
  headless: true,
  args: [
    '--use-angle=swiftshader',
    '--enable-unsafe-swiftshader',
    ...(process.env.CHROMIUM_ARGS ?? '').split(' ').filter(Boolean),
  ],
});
interface Orbit {
  label: string;
  fps: number;
  inputFps: number;
  autoPointsPerFrame: number;
  animationFps: number;
  pointsPerFrame: number;
  p95: number;
  longest: number;
  firstPicture: number;
}

/** Opens the page on a cloud of `count` points and orbits it for the given time. */
async function orbit(count: number): Promise<Orbit> {
  const page = await browser.newPage({ viewport: { width: 1320, height: 900 } });
  try {
    const opened = performance.now();
    await page.goto(`${server.url}?points=${count}&cuboids=${Number(values.cuboids)}`);
    // Ready: the cloud is parsed and the views are up; then wait for the first picture.
    // (Scripts for the page are strings: tsx would add helpers to functions that the page does not have.)
    const main = page.locator('[data-testid=pointcloud-main][data-ready=true]');
    await main.waitFor({ timeout: 180_000 });
    await page.waitForFunction('document.querySelector("[data-testid=pointcloud-main]").__view.frames > 0', null, {
      timeout: 60_000,
    });
    const firstPicture = (performance.now() - opened) / 1000;
    await page.waitForTimeout(500);
    const renderer = await page.evaluate<string>(`(() => {
      const gl = document.querySelector('[data-testid=pointcloud-main] canvas').getContext('webgl2');
      const info = gl && gl.getExtension('WEBGL_debug_renderer_info');
      return info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : 'unknown';
    })()`);
    const box = (await main.boundingBox())!;
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };

    // First the camera orbits on its own, a step every animation frame (OrbitControls' camera turned around its
    // target by 1°): the frames the view draws per second then show what rendering allows.
    const auto = await page.evaluate<{ drawn: number; points: number; elapsed: number }>(`new Promise((resolve) => {
      const view = document.querySelector('[data-testid=pointcloud-main]').__view;
      const { camera, controls } = view;
      const frames0 = view.frames;
      const points0 = view.pointsDrawn;
      const started = performance.now();
      const turn = () => {
        const t = controls.target;
        const dx = camera.position.x - t.x;
        const dy = camera.position.y - t.y;
        const a = Math.PI / 180;
        camera.position.x = t.x + dx * Math.cos(a) - dy * Math.sin(a);
        camera.position.y = t.y + dx * Math.sin(a) + dy * Math.cos(a);
        controls.update();
        const elapsed = performance.now() - started;
        if (elapsed < ${seconds * 1000}) requestAnimationFrame(turn);
        else resolve({ drawn: view.frames - frames0, points: view.pointsDrawn - points0, elapsed: elapsed / 1000 });
      };
      requestAnimationFrame(turn);
    })`);
    await page.waitForTimeout(600);

    // Then real input: left-button drags (orbit) and wheel steps through Chromium's input pipeline.
    await page.evaluate(`(() => {
      window.__frames = [];
      window.__measuring = true;
      const view = document.querySelector('[data-testid=pointcloud-main]').__view;
      window.__drawn = view.frames;
      window.__points = view.pointsDrawn;
      const tick = (time) => {
        window.__frames.push(time);
        if (window.__measuring) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    })()`);
    const until = performance.now() + seconds * 1000;
    let moves = 0;
    let step = 0;
    while (performance.now() < until) {
      step += 1;
      // A left-button drag across the view (orbit), then a few wheel steps in or out.
      const dx = step % 2 === 0 ? 8 : -8;
      const dy = step % 3 === 0 ? 2 : -2;
      await page.mouse.move(centre.x, centre.y);
      await page.mouse.down();
      for (let i = 0; i < 40 && performance.now() < until; i += 1) {
        await page.mouse.move(centre.x + dx * i, centre.y + dy * i);
        moves += 1;
      }
      await page.mouse.up();
      for (let i = 0; i < 5 && performance.now() < until; i += 1) await page.mouse.wheel(0, step % 4 < 2 ? -40 : 40);
    }
    const { frames, drawn, pointsDrawn } = await page.evaluate<{
      frames: number[];
      drawn: number;
      pointsDrawn: number;
    }>(`(() => {
      window.__measuring = false;
      const view = document.querySelector('[data-testid=pointcloud-main]').__view;
      return { frames: window.__frames, drawn: view.frames - window.__drawn, pointsDrawn: view.pointsDrawn - window.__points };
    })()`);
    const gaps = frames.slice(1).map((t, i) => t - frames[i]!);
    const elapsed = (frames[frames.length - 1]! - frames[0]!) / 1000;
    const sorted = [...gaps].sort((a, b) => a - b);
    const label = (await page.getByTestId('pointcloud-annotator').locator('span').first().textContent()) ?? '';
    console.log(
      `${label}; WebGL: ${renderer}; load average ${loadavg()[0]!.toFixed(1)}; orbiting by itself: ${auto.drawn} ` +
        `frames in ${auto.elapsed.toFixed(1)} s; by mouse: ${moves} pointer moves in ${elapsed.toFixed(1)} s, ` +
        `${drawn} frames drawn, ${(gaps.length / elapsed).toFixed(1)} animation frames/s`,
    );
    return {
      label,
      fps: auto.drawn / auto.elapsed,
      inputFps: drawn / elapsed,
      autoPointsPerFrame: Math.round(auto.points / Math.max(1, auto.drawn)),
      animationFps: gaps.length / elapsed,
      pointsPerFrame: Math.round(pointsDrawn / Math.max(1, drawn)),
      p95: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
      longest: sorted[sorted.length - 1] ?? 0,
      firstPicture,
    };
  } finally {
    await page.close();
  }
}

try {
  const round = (n: number) => Math.round(n * 10) / 10;
  // The same orbit on 1,000 points first: what this machine (and its load) allows at all.
  if (values.baseline) {
    const base = await orbit(1000);
    for (const [name, value] of [
      ['pointcloud.baseline_1k_fps', base.fps],
      ['pointcloud.baseline_1k_mouse_fps', base.inputFps],
    ] as const)
      console.log(`BENCH ${JSON.stringify({ name, value: round(value), unit: 'fps' })}`);
  }
  const run = await orbit(points);
  const figures = [
    { name: 'pointcloud.orbit_fps', value: round(run.fps), unit: 'fps', target: `>= ${TARGET_FPS}` },
    { name: 'pointcloud.points_per_frame', value: run.autoPointsPerFrame, unit: 'points' },
    { name: 'pointcloud.mouse_orbit_fps', value: round(run.inputFps), unit: 'fps' },
    { name: 'pointcloud.mouse_points_per_frame', value: run.pointsPerFrame, unit: 'points' },
    { name: 'pointcloud.frame_p95', value: round(run.p95), unit: 'ms' },
    { name: 'pointcloud.frame_max', value: round(run.longest), unit: 'ms' },
    { name: 'pointcloud.first_picture', value: round(run.firstPicture), unit: 's' },
  ];
  for (const figure of figures) console.log(`BENCH ${JSON.stringify(figure)}`);
} finally {
  await browser.close();
  server.close();
  rmSync(outDir, { recursive: true, force: true });
}
