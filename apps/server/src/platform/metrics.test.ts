import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { call, createTestApp, loginAs, type TestApp } from '../testing/test-app.ts';
import { listenForSockets, openSocket } from '../testing/ws-client.ts';
import { metricsAllowed } from './metrics.ts';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

let t: TestApp;
let wsUrl: string;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
  wsUrl = await listenForSockets(t.app);
});
afterAll(() => t.close());

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)$`);
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\["\\n])*)"(?:,|$)/y;
const VALUE = /^(-?\d+(\.\d+)?(e[+-]?\d+)?|NaN|[+-]Inf)$/;

/**
 * Prometheus' text exposition format (0.0.4) read line by line (prom-client has no parser): every line a comment,
 * a HELP or TYPE line, or a sample `name{label="value",...} value`, and every sample of a declared family.
 */
function parseExposition(text: string): { types: Map<string, string>; samples: Sample[] } {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`).exec(line);
    if (type) {
      expect(types.has(type[1]!), `${type[1]} declared twice`).toBe(false);
      types.set(type[1]!, type[2]!);
      continue;
    }
    if (line.startsWith('#')) {
      expect(line, 'a comment or HELP line').toMatch(new RegExp(`^# (HELP ${NAME} .*|(?!TYPE ).*)$`));
      continue;
    }
    const sample = SAMPLE.exec(line);
    expect(sample, line).not.toBeNull();
    const [, name, labelText = '', value] = sample as unknown as [string, string, string | undefined, string];
    const labels: Record<string, string> = {};
    LABEL.lastIndex = 0;
    while (LABEL.lastIndex < labelText.length) {
      const label = LABEL.exec(labelText);
      expect(label, `labels of ${line}`).not.toBeNull();
      labels[label![1]!] = label![2]!;
    }
    expect(value, line).toMatch(VALUE);
    const family = [name, name.replace(/_(bucket|sum|count)$/, '')].find((candidate) => types.has(candidate));
    expect(family, `${name} has no TYPE line`).toBeDefined();
    samples.push({ name, labels, value: Number(value.replace('Inf', 'Infinity')) });
  }
  return { types, samples };
}

function find(samples: Sample[], name: string, labels: Record<string, string> = {}): Sample[] {
  return samples.filter(
    (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
}

const scrape = (headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });

describe('/metrics', () => {
  it('is refused (the JSON 404) without the token or with another, even from this machine', async () => {
    const wrong: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong' },
      { authorization: `Basic ${TOKEN}` },
    ];
    for (const headers of wrong) {
      const refused = await scrape(headers);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ error: 'not_found' });
    }
    expect((await scrape({ authorization: `Bearer ${TOKEN}` }, '203.0.113.9')).statusCode).toBe(200);
  });

  it('without a token, answers only loopback callers that no proxy forwarded', () => {
    const config = loadConfig({});
    const allowed = (ip: string, headers: Record<string, string> = {}) => metricsAllowed(config, { ip, headers });
    expect(allowed('127.0.0.1')).toBe(true);
    expect(allowed('::1')).toBe(true);
    expect(allowed('::ffff:127.0.0.1')).toBe(true);
    expect(allowed('10.0.0.7')).toBe(false);
    expect(allowed('127.0.0.1', { 'x-forwarded-for': '198.51.100.4' })).toBe(false);
    expect(allowed('127.0.0.1', { forwarded: 'for=198.51.100.4' })).toBe(false);
  });

  it('holds the process, request, error, websocket, queue and pool series after a few calls', async () => {
    const token = await loginAs(t.app, 'student');
    expect((await call(t.app, '/user/detail', {}, { token })).status).toBe(200);
    expect((await call(t.app, '/user/detail', {})).status).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/file/attachment/4242' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/no-such-procedure' })).statusCode).toBe(404);
    const socket = await openSocket(wsUrl, { token, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    try {
      expect((await socket.heartbeat()).data.action).toBe('heartbeat');
      const response = await scrape({ authorization: `Bearer ${TOKEN}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      const { types, samples } = parseExposition(response.body);

      for (const name of [
        'process_cpu_user_seconds_total',
        'process_resident_memory_bytes',
        'nodejs_eventloop_lag_seconds',
      ]) {
        expect(find(samples, name), name).toHaveLength(1);
      }
      expect(find(samples, 'http_requests_total', { route: '/api/user/detail', status: '200' })[0]?.value).toBe(1);
      expect(find(samples, 'http_requests_total', { route: '/api/user/detail', status: '401' })[0]?.value).toBe(1);
      expect(types.get('http_request_duration_seconds')).toBe('histogram');
      expect(find(samples, 'http_request_duration_seconds_count', { route: '/api/user/detail' })[0]?.value).toBe(2);
      expect(
        find(samples, 'http_request_duration_seconds_bucket', { route: '/api/user/detail', le: '+Inf' }),
      ).toHaveLength(1);
      // Routes by their pattern, never a URL with ids; no route at all is `unmatched`.
      expect(find(samples, 'http_requests_total', { route: '/api/file/:kind/:id', status: '401' })).toHaveLength(1);
      expect(find(samples, 'http_requests_total', { route: 'unmatched', status: '404' })).toHaveLength(1);
      expect(samples.some((sample) => /\d{3,}/.test(sample.labels.route ?? ''))).toBe(false);
      expect(find(samples, 'http_errors_total', { code: 'auth_fail' })[0]?.value).toBe(2);
      expect(find(samples, 'http_errors_total', { code: 'not_found' })[0]?.value).toBeGreaterThanOrEqual(1);

      expect(find(samples, 'websocket_connections')[0]?.value).toBe(1);
      const queues = find(samples, 'queue_jobs_waiting').map((sample) => sample.labels.queue);
      expect(queues.length).toBeGreaterThanOrEqual(2);
      for (const sample of find(samples, 'queue_jobs_waiting')) expect(sample.value).toBeGreaterThanOrEqual(0);
      expect(types.get('queue_job_duration_seconds')).toBe('histogram');
      if (t.deps.dbKind === 'postgres') {
        expect(find(samples, 'db_pool_connections', { state: 'total' })[0]?.value).toBeGreaterThanOrEqual(1);
        expect(find(samples, 'db_pool_waiting')).toHaveLength(1);
      } else {
        expect(types.has('db_pool_connections')).toBe(false);
      }
    } finally {
      await socket.close();
    }
  });
});
