import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_VARIABLES, loadConfig } from './config.ts';

/**
 * The container files (compose.yaml, deploy/.env.example, Dockerfile) held to the server's configuration and to the
 * README's table of it. CI runs no container engine: this is what checks them.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

interface Service {
  environment?: Record<string, string | number | boolean | null> | string[];
  depends_on?: Record<string, unknown> | string[];
}
const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
const APPS = ['app1', 'app2'];

/** A service's environment as name → value (compose takes a mapping or a list of `NAME=value`). */
function environmentOf(service: Service): Record<string, string> {
  const { environment } = service;
  if (!environment) return {};
  if (Array.isArray(environment)) {
    return Object.fromEntries(
      environment.map((entry) => [
        entry.split('=')[0]!,
        entry.includes('=') ? entry.slice(entry.indexOf('=') + 1) : '',
      ]),
    );
  }
  return Object.fromEntries(Object.entries(environment).map(([name, value]) => [name, String(value ?? '')]));
}

/** The variables compose.yaml interpolates (`${NAME}`, `${NAME:-default}`, `${NAME:?message}`; `$$` escapes). */
const INTERPOLATION = /(?<!\$)\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}/g;

/** deploy/.env.example as name → value. */
function envExample(): Record<string, string> {
  return Object.fromEntries(
    read('deploy/.env.example')
      .split('\n')
      .filter((line) => /^[A-Za-z_][A-Za-z0-9_]*=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

/** The variable names in the first column of the table under `## Configuration` in README.md. */
function readmeConfigurationVariables(): string[] {
  const readme = read('README.md');
  const start = readme.indexOf('\n## Configuration\n');
  expect(start).toBeGreaterThan(-1);
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end === -1 ? undefined : end);
  return section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1]!));
}

describe('compose.yaml', () => {
  it('gives app1 and app2 only variables the server reads, the same ones', () => {
    for (const app of APPS) expect(compose.services[app], app).toBeDefined();
    const [first, second] = APPS.map((app) => environmentOf(compose.services[app]!));
    const unknown = Object.keys(first!).filter((name) => !CONFIG_VARIABLES.includes(name));
    expect(unknown, 'not in CONFIG_VARIABLES (apps/server/src/config.ts)').toEqual([]);
    expect(Object.keys(first!)).toEqual(expect.arrayContaining(['DATABASE_URL', 'REDIS_URL', 'S3_ENDPOINT']));
    expect(second).toEqual(first);
  });

  it('names only services that exist in depends_on', () => {
    const names = Object.keys(compose.services);
    const missing = Object.entries(compose.services).flatMap(([name, service]) => {
      const dependsOn = service.depends_on ?? [];
      return (Array.isArray(dependsOn) ? dependsOn : Object.keys(dependsOn))
        .filter((dependency) => !names.includes(dependency))
        .map((dependency) => `${name} depends on ${dependency}`);
    });
    expect(missing).toEqual([]);
  });

  it('takes its settings from variables that deploy/.env.example lists', () => {
    const text = read('compose.yaml');
    const used = new Set([...text.matchAll(INTERPOLATION)].map((match) => match[1]!));
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((name) => !(name in envExample()))).toEqual([]);
  });

  it('configures the apps validly with the example settings (the required secrets filled in)', () => {
    const example = envExample();
    const interpolate = (value: string) =>
      value.replace(INTERPOLATION, (_, name: string, operator: string | undefined, fallback: string) => {
        const given = example[name] ?? '';
        if (given) return given;
        if (operator?.endsWith('?')) return 'a0123456789abcdef0123456789abcdef';
        return operator?.endsWith('-') ? fallback : '';
      });
    for (const app of APPS) {
      const environment = Object.fromEntries(
        Object.entries(environmentOf(compose.services[app]!)).map(([name, value]) => [name, interpolate(value)]),
      );
      expect(() => loadConfig(environment), app).not.toThrow();
    }
  });
});

describe("README's configuration table", () => {
  it('lists exactly the variables the server reads', () => {
    const listed = readmeConfigurationVariables();
    expect(
      listed.filter((name) => !CONFIG_VARIABLES.includes(name)),
      'listed but not read',
    ).toEqual([]);
    expect(
      CONFIG_VARIABLES.filter((name) => !listed.includes(name)),
      'read but not listed',
    ).toEqual([]);
  });
});

describe('Dockerfile', () => {
  it("copies every workspace's package.json before installing, in both stages", () => {
    const dockerfile = read('Dockerfile');
    const manifest = JSON.parse(read('package.json')) as { workspaces: string[] };
    const workspaces = manifest.workspaces
      .flatMap((pattern) =>
        pattern.endsWith('/*')
          ? readdirSync(path.join(ROOT, pattern.slice(0, -2))).map((name) => `${pattern.slice(0, -2)}/${name}`)
          : [pattern],
      )
      .filter((dir) => existsSync(path.join(ROOT, dir, 'package.json')));
    expect(workspaces.length).toBeGreaterThan(1);
    for (const dir of workspaces) {
      expect(dockerfile.split(`\nCOPY ${dir}/package.json ${dir}/\n`).length - 1, dir).toBe(2);
    }
  });
});
