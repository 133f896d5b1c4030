// Declared dependencies, checked in `npm run lint`: every import of a package is parsed (oxc-parser) and held to the
// package.json of the workspace whose file imports it, so that `npm ci --omit=dev` installs what the server runs.
// - Run-time code (what apps/server/src/main.ts and apps/web/src/main.tsx reach, across workspaces) imports only its
//   workspace's `dependencies` (type-only imports excepted).
// - Everything else (tests, test helpers, build scripts, configs) imports what its workspace declares in
//   `dependencies` or `devDependencies`, or the root's `devDependencies` (the shared tools); the root's own tools
//   (bench/, e2e/, scripts/) may also use the workspaces and what they declare.
// - A workspace's `dependencies` entry is imported by its run-time code (otherwise it is a dev dependency or unused).
// Prints each violation and exits 1.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importsOf } from './imports-of.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ENTRIES = ['apps/server/src/main.ts', 'apps/web/src/main.tsx'];
const CODE = /\.(ts|tsx|mts|mjs|js)$/;

const readJson = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const rootManifest = readJson('package.json');
const workspaces = rootManifest.workspaces
  .flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(path.join(root, pattern.slice(0, -2))).map((name) => `${pattern.slice(0, -2)}/${name}`)
      : [pattern],
  )
  .filter((dir) => existsSync(path.join(root, dir, 'package.json')))
  .map((dir) => ({ dir, manifest: readJson(`${dir}/package.json`) }));
const workspaceByName = new Map(workspaces.map((ws) => [ws.manifest.name, ws]));

/** The workspace a file belongs to (its folder), or the root for bench/, e2e/, scripts/ and the root's configs. */
const ownerOf = (file) =>
  workspaces.find((ws) => file.startsWith(`${ws.dir}/`)) ?? { dir: '.', manifest: rootManifest };

function codeFiles(dir) {
  if (!existsSync(path.join(root, dir))) return [];
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = dir === '.' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (dir === '.' && !['apps', 'packages', 'bench', 'e2e', 'scripts'].includes(entry.name)) return [];
      return ['node_modules', 'dist', 'migrations', 'locales', 'screenshots'].includes(entry.name) ||
        entry.name.startsWith('.')
        ? []
        : codeFiles(rel);
    }
    return CODE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [rel] : [];
  });
}

/** The package a bare specifier names (`@scope/name` or `name`), or null for relative paths and Node's builtins. */
function packageOf(spec) {
  if (spec.startsWith('.') || spec.startsWith('/') || spec.startsWith('node:')) return null;
  const parts = spec.split('/');
  const name = spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return builtinModules.includes(name) ? null : name;
}

/** The file an import names inside the repository (relative paths and workspace packages through their `exports`). */
function resolveFile(from, spec) {
  let base;
  if (spec.startsWith('.')) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  else {
    const name = packageOf(spec);
    const ws = name && workspaceByName.get(name);
    if (!ws) return null;
    const sub = `.${spec.slice(name.length)}`;
    const exports =
      typeof ws.manifest.exports === 'string' ? { '.': ws.manifest.exports } : (ws.manifest.exports ?? {});
    let target = exports[sub];
    if (!target) {
      for (const [key, value] of Object.entries(exports)) {
        if (key.endsWith('*') && sub.startsWith(key.slice(0, -1)))
          target = value.replace('*', sub.slice(key.length - 1));
      }
    }
    if (!target) return null;
    base = path.posix.normalize(path.posix.join(ws.dir, target));
  }
  const isFile = (candidate) => statSync(path.join(root, candidate), { throwIfNoEntry: false })?.isFile();
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find(isFile) ?? null;
}

const files = codeFiles('.');
const imports = new Map(files.map((file) => [file, importsOf(root, file)]));

/** Run-time files: everything the entries reach through value imports. */
const runtime = new Set();
const queue = [...ENTRIES];
while (queue.length > 0) {
  const file = queue.pop();
  if (runtime.has(file)) continue;
  runtime.add(file);
  for (const { spec, typeOnly } of imports.get(file) ?? []) {
    if (typeOnly) continue;
    const target = resolveFile(file, spec);
    if (target && CODE.test(target) && !runtime.has(target)) queue.push(target);
  }
}

const declared = (manifest, field) => Object.keys(manifest[field] ?? {});
/** The root's tools (bench/, e2e/, scripts/) run in the full install: they use the workspaces and their dependencies. */
const providedToRoot = new Set(
  workspaces.flatMap((ws) => [
    ws.manifest.name,
    ...declared(ws.manifest, 'dependencies'),
    ...declared(ws.manifest, 'devDependencies'),
  ]),
);
const violations = [];
/** Undeclared packages, one entry per workspace and package: the first importing file, how many, whether at run time. */
const missing = new Map();
const usedAtRuntime = new Map(workspaces.map((ws) => [ws.dir, new Set()]));
for (const [file, found] of imports) {
  const owner = ownerOf(file);
  const own = declared(owner.manifest, 'dependencies');
  const anyOwn = [...own, ...declared(owner.manifest, 'devDependencies')];
  for (const { spec, line, typeOnly } of found) {
    const name = packageOf(spec);
    if (!name || name === owner.manifest.name) continue;
    const atRuntime = runtime.has(file) && !typeOnly;
    if (atRuntime) usedAtRuntime.get(owner.dir)?.add(name);
    const ok = atRuntime
      ? own.includes(name)
      : anyOwn.includes(name) ||
        declared(rootManifest, 'devDependencies').includes(name) ||
        (owner.dir === '.' && providedToRoot.has(name));
    if (ok) continue;
    const key = `${owner.dir}\0${name}`;
    const entry = missing.get(key) ?? { where: owner.dir, name, at: `${file}:${line}`, count: 0, atRuntime: false };
    entry.count++;
    if (atRuntime && !entry.atRuntime) Object.assign(entry, { atRuntime, at: `${file}:${line}` });
    missing.set(key, entry);
  }
}
for (const { where, name, at, count, atRuntime } of missing.values()) {
  const manifest = where === '.' ? 'package.json' : `${where}/package.json`;
  const more = count > 1 ? ` and ${count - 1} more import(s)` : '';
  violations.push(
    atRuntime
      ? `${manifest}: add ${name} to "dependencies" (imported at run time by ${at}${more})`
      : `${manifest}: declare ${name} (imported by ${at}${more})`,
  );
}
for (const ws of workspaces) {
  for (const name of declared(ws.manifest, 'dependencies')) {
    if (!usedAtRuntime.get(ws.dir).has(name))
      violations.push(
        `${ws.dir}/package.json declares ${name} in "dependencies" but no run-time code of it imports it: move it to "devDependencies" or remove it`,
      );
  }
}
if (declared(rootManifest, 'dependencies').length > 0)
  violations.push('package.json: the root holds only devDependencies; run-time packages belong to their workspace');

if (violations.length > 0) {
  console.error(violations.join('\n'));
  console.error(`\n${violations.length} dependency declaration(s) to fix (scripts/check-dependencies.mjs).`);
  process.exit(1);
}
console.log(`Dependencies declared where they are used (${files.length} files, ${runtime.size} at run time).`);
