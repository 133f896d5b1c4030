// Canvas benchmark: `npm run bench -- canvas [--seconds 5] [--size 4000x3000] [--boxes 2000]`. Builds
// bench/canvas-page with Vite (the real ImageAnnotator of apps/web, read-only, on a generated image with generated
// boxes; konva and react-konva as the web bundles them), serves it, and in headless Chromium (CHROMIUM_PATH, default
// /usr/bin/chromium) pans (middle-button drags) and zooms (wheel at the pointer) through real input events for the
// given time while a requestAnimationFrame loop counts frames. Prints frames per second, the 95th percentile and
// the longest frame; the target is >= 50 fps.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { buildBenchPage, chromiumPath, serveDir } from './support/browser-page.ts';

const TARGET_FPS = 50;
const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    size: { type: 'string', default: '4000x3000' },
    boxes: { type: 'string', default: '2000' },
  },
  allowPositionals: false,
});
const seconds = Number(values.seconds);
if (!(seconds >= 1 && seconds <= 60)) throw new Error('--seconds must be 1 to 60');
if (!/^\d{2,5}x\d{2,5}$/.test(values.size)) throw new Error('--size must be WIDTHxHEIGHT');
const boxes = Number(values.boxes);
if (!Number.isInteger(boxes) || boxes < 0 || boxes > 50_000) throw new Error('--boxes must be 0 to 50000');
const executablePath = chromiumPath();

const outDir = mkdtempSync(path.join(tmpdir(), 'canvas-bench-'));
const started = performance.now();
await buildBenchPage('canvas-page', outDir);
console.log(`built the bench page in ${((performance.now() - started) / 1000).toFixed(1)} s`);
const server = await serveDir(outDir);
const browser = await chromium.launch({
  executablePath,
  headless: true,
  args: (process.env.CHROMIUM_ARGS ?? '').split(' ').filter(Boolean),
});
try {
  const page = await browser.newPage({ viewport: { width: 1320, height: 900 } });
  await page.goto(`${server.url}?size=${values.size}&boxes=${boxes}`);
  // Ready: the image is on the stage and the shapes are drawn.
  // (Scripts for the page are strings: tsx would add helpers to functions that the page does not have.)
  await page.locator('[data-testid=image-stage][data-image-ready=true]').waitFor({ timeout: 60_000 });
  await page.waitForTimeout(500);
  const box = (await page.getByTestId('image-stage').boundingBox())!;
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const nodes = await page.evaluate<number>('window.Konva.stages[0].getLayers()[0].getChildren().length');

  await page.evaluate(`(() => {
    window.__frames = [];
    window.__measuring = true;
    const tick = (time) => {
      window.__frames.push(time);
      if (window.__measuring) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  const until = performance.now() + seconds * 1000;
  let step = 0;
  while (performance.now() < until) {
    step += 1;
    // A middle-button drag across the stage, then a few wheel steps in or out at the pointer.
    const dx = step % 2 === 0 ? 6 : -6;
    const dy = step % 3 === 0 ? 4 : -3;
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.down({ button: 'middle' });
    for (let i = 0; i < 40; i += 1) await page.mouse.move(centre.x + dx * i, centre.y + dy * i);
    await page.mouse.up({ button: 'middle' });
    for (let i = 0; i < 10; i += 1) await page.mouse.wheel(0, step % 4 < 2 ? -60 : 60);
  }
  const frames = await page.evaluate<number[]>('window.__measuring = false, window.__frames');
  const gaps = frames.slice(1).map((t, i) => t - frames[i]!);
  const elapsed = (frames[frames.length - 1]! - frames[0]!) / 1000;
  const fps = gaps.length / elapsed;
  const sorted = [...gaps].sort((a, b) => a - b);
  const p95 = sorted[Math.floor(sorted.length * 0.95)] ?? 0;
  const longest = sorted[sorted.length - 1] ?? 0;
  const zoom = await page.getByTestId('zoom-level').textContent();
  console.log(
    `${values.size} image, ${boxes} boxes (${nodes} Konva nodes on the shape layer), ${step} drag + wheel rounds in ${elapsed.toFixed(1)} s, ` +
      `zoom now ${zoom}`,
  );
  const round = (n: number) => Math.round(n * 10) / 10;
  const figures = [
    { name: 'canvas.pan_zoom_fps', value: round(fps), unit: 'fps', target: `>= ${TARGET_FPS}` },
    { name: 'canvas.frame_p95', value: round(p95), unit: 'ms' },
    { name: 'canvas.frame_max', value: round(longest), unit: 'ms' },
  ];
  for (const figure of figures) console.log(`BENCH ${JSON.stringify(figure)}`);
} finally {
  await browser.close();
  server.close();
  rmSync(outDir, { recursive: true, force: true });
}
