// Live room benchmark: `npm run bench -- liveroom [--max 32] [--seconds 5]`.
// A Janus of its own (the repository's configuration) and the platform on the embedded database in this process;
// one teacher publishes Chromium's fake camera (640×360) and microphone through a started room, then N students of
// the room's class subscribe, each a page of one headless Chromium, with the credentials the platform issues
// (N = 1, 2, 4, … up to --max). For each N: frames decoded per second per subscriber (median and lowest, from
// getStats over --seconds) and the CPU of the platform's process and of Janus over that time (the platform should stay
// near idle: media is Janus's). Reports the largest N at which the lowest subscriber still decodes ≥ 15 fps.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { schema } from '@app/db';
import { chromium } from 'playwright-core';
import { startJanus } from '../apps/server/src/testing/janus-server.ts';
import { sessionFor, siteIdByName } from '../apps/server/src/testing/sessions.ts';
import { call, createTestApp } from '../apps/server/src/testing/test-app.ts';
import { chromiumPath, serveDir } from './support/browser-page.ts';
import { round } from './support/figures.ts';
import { insertStudents } from './support/students.ts';

const TARGET_FPS = 15;
const { values } = parseArgs({
  options: { max: { type: 'string', default: '32' }, seconds: { type: 'string', default: '5' } },
  allowPositionals: false,
});
const max = Number(values.max);
const seconds = Number(values.seconds);
if (!Number.isInteger(max) || max < 1 || max > 256) throw new Error('--max: 1 to 256');
if (!Number.isFinite(seconds) || seconds < 1 || seconds > 60) throw new Error('--seconds: 1 to 60');

async function ok(app: Awaited<ReturnType<typeof createTestApp>>['app'], route: string, body: object, token: string) {
  const result = await call(app, route as never, body as never, { token });
  if (result.status !== 200) throw new Error(`${route}: ${JSON.stringify(result.body)}`);
  return result.body.data as any;
}

/** CPU seconds Janus has used (utime + stime of /proc/<pid>/stat, in clock ticks of 100 Hz). */
function janusCpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const janus = await startJanus();
const app = await createTestApp({ ...janus.env, RATE_LIMIT: 'off' });
const page = await serveDir(path.join(path.dirname(fileURLToPath(import.meta.url)), 'liveroom-page'));
const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: [
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    '--autoplay-policy=no-user-gesture-required',
  ],
});
const figures: Record<string, unknown>[] = [];
try {
  const siteId = await siteIdByName(app, '示范学院');
  const teacher = await sessionFor(app, 'teacher');
  const students = await insertStudents(app.deps.db, siteId, max);
  const [group] = await app.deps.db
    .insert(schema.groups)
    .values({ siteId, kind: 'class', name: 'bench live class' })
    .returning({ id: schema.groups.id });
  await app.deps.db
    .insert(schema.groupMembers)
    .values(students.map((s) => ({ groupId: group!.id, siteUserId: s.siteUserId, kind: 'class' as const })));
  const room = await ok(
    app.app,
    '/live-room/create',
    { title: 'Bench', course_id: null, class_ids: [group!.id], starts_at: new Date().toISOString(), minutes: 60 },
    teacher,
  );
  await ok(app.app, '/live-room/start-live', { room_id: room.id }, teacher);
  const host = await ok(app.app, '/live-room/detail', { room_id: room.id }, teacher);
  const publisher = await (await browser.newContext()).newPage();
  await publisher.goto(page.url);
  const hostCredentials = await ok(app.app, '/live-room/volcano-rtc-token', { room_id: room.id }, teacher);
  const feed = await publisher.evaluate(
    ([credentials, userId]) => (window as any).peer(credentials, userId, 'publish'),
    [hostCredentials, host.me.user_id] as const,
  );
  const pid = janus.pid;
  const subscribers: Awaited<ReturnType<typeof browser.newPage>>[] = [];
  let best = 0;
  for (let n = 1; n <= max; n *= 2) {
    while (subscribers.length < n) {
      const student = students[subscribers.length]!;
      const credentials = await ok(app.app, '/live-room/volcano-rtc-token', { room_id: room.id }, student.token);
      const subscriber = await browser.newPage();
      await subscriber.goto(page.url);
      await subscriber.evaluate(([c, userId, f]) => (window as any).peer(c, userId, 'subscribe', f), [
        credentials,
        student.userId,
        feed,
      ] as const);
      subscribers.push(subscriber);
    }
    await new Promise((resolve) => setTimeout(resolve, 2000)); // let the new subscribers settle
    const framesBefore = await Promise.all(subscribers.map((s) => s.evaluate(() => (window as any).framesDecoded())));
    const cpuBefore = process.cpuUsage();
    const janusBefore = pid ? janusCpuSeconds(pid) : 0;
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    const elapsed = (performance.now() - started) / 1000;
    const framesAfter = await Promise.all(subscribers.map((s) => s.evaluate(() => (window as any).framesDecoded())));
    const cpu = process.cpuUsage(cpuBefore);
    const fps = framesAfter.map((after, i) => (after - framesBefore[i]!) / elapsed).sort((a, b) => a - b);
    const figure = {
      name: 'liveroom',
      subscribers: n,
      fps_median: round(fps[Math.floor(fps.length / 2)]!),
      fps_lowest: round(fps[0]!),
      platform_cpu_percent: round(((cpu.user + cpu.system) / 1e6 / elapsed) * 100),
      janus_cpu_percent: pid ? round(((janusCpuSeconds(pid) - janusBefore) / elapsed) * 100) : null,
      target_fps: TARGET_FPS,
    };
    figures.push(figure);
    console.log(`BENCH ${JSON.stringify(figure)}`);
    if (figure.fps_lowest < TARGET_FPS) break;
    best = n;
  }
  console.log(
    `BENCH ${JSON.stringify({ name: 'liveroom', largest_subscribers_at_target: best, target_fps: TARGET_FPS, max })}`,
  );
} finally {
  await browser.close();
  page.close();
  await app.close();
  await janus.close();
}
