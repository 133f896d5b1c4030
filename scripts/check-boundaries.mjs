// Module boundaries, checked in `npm run lint`: every import of apps/ and packages/ is parsed (oxc-parser, which
// reads TypeScript and TSX without the TypeScript compiler's API that TypeScript 7 no longer ships, the reason
// dependency-cruiser cannot read this project), resolved to a file, and held to the rules below. Prints each
// violation with its file and line and exits 1; `--counts` prints the measures the rules keep at zero.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importsOf } from './imports-of.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LAYERS = { server: 'apps/server/src', web: 'apps/web/src' };

/** Where a file sits: its layer, and the module (folder under modules/) it belongs to, if any. */
function place(file) {
  for (const [layer, dir] of Object.entries(LAYERS)) {
    if (!file.startsWith(`${dir}/`)) continue;
    const rest = file.slice(dir.length + 1).split('/');
    const module = rest[0] === 'modules' && rest.length > 2 ? rest[1] : null;
    return { layer, top: rest[0], module, inner: module ? rest.slice(2).join('/') : null };
  }
  return { layer: file.split('/')[0], top: null, module: null, inner: null };
}

const isTest = (file) => /\.(test|pg\.test)\.tsx?$/.test(file);
const isFrontDoor = (inner) => inner === 'index.ts' || inner === 'index.tsx';
/** A web module's pages (one lazy chunk) are a second door, open only to a dynamic import. */
const isPagesDoor = (to, dynamic) => to.layer === 'web' && to.inner === 'pages.ts' && dynamic;

/** The rules: each says which import it refuses and, in one line, why. */
const RULES = [
  {
    name: 'front-door',
    why: 'a module is used by others only through its index.ts (web pages: pages.ts, lazily), so its inside can change freely',
    refuses: (from, to, _file, dynamic) =>
      to.module !== null && from.module !== to.module && !isFrontDoor(to.inner) && !isPagesDoor(to, dynamic),
  },
  {
    name: 'web-module-imports-app',
    why: 'app/ is the top of the web client (router, shell); modules share through shared/, never through app/',
    refuses: (from, to) => from.layer === 'web' && from.module !== null && to.layer === 'web' && to.top === 'app',
  },
  {
    name: 'lower-layer-imports-module',
    why: 'platform/ and shared/ are the tools modules stand on; a tool that needs a module belongs in that module',
    refuses: (from, to, file) =>
      !isTest(file) &&
      (from.top === 'platform' || from.top === 'shared') &&
      from.layer === to.layer &&
      to.module !== null,
  },
  {
    name: 'web-server-apart',
    why: 'the web client and the server share code only through packages/ (contracts, i18n), never each other',
    refuses: (from, to) =>
      (from.layer === 'web' && to.layer === 'server') || (from.layer === 'server' && to.layer === 'web'),
  },
  {
    name: 'web-calls-in-queries',
    why: 'a web module calls the server only from its queries.ts, so its calls, keys and invalidation sit in one file',
    refuses: (from, _to, file, _dynamic, names, target) =>
      from.layer === 'web' &&
      from.module !== null &&
      path.posix.basename(file) !== 'queries.ts' &&
      !isTest(file) &&
      target === `${LAYERS.web}/shared/api.ts` &&
      names.includes('api'),
  },
  {
    name: 'packages-below-apps',
    why: 'packages/ are used by both apps and must not depend on either',
    refuses: (from, to) => from.layer === 'packages' && (to.layer === 'server' || to.layer === 'web'),
  },
];
const CYCLE_RULE = {
  name: 'module-cycle',
  why: 'modules that import each other cannot be understood, tested or changed one at a time',
};

function sourceFiles(dir) {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(rel);
    return /\.(ts|tsx|mts|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [rel] : [];
  });
}

/** Relative imports of a file, each resolved to the path it names. */
function relativeImportsOf(file) {
  return importsOf(root, file)
    .filter(({ spec }) => spec.startsWith('.'))
    .map(({ spec, line, dynamic, names }) => ({
      target: path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)),
      line,
      dynamic,
      names,
    }));
}

/** Module-level cycles of one layer: the strongly connected groups of its module graph (Tarjan). */
function moduleCycles(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  let counter = 0;
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) !== index.get(node)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return groups;
}

const files = ['apps', 'packages'].flatMap(sourceFiles);
const violations = [];
const moduleEdges = { server: new Map(), web: new Map() };
const counts = Object.fromEntries(RULES.map((rule) => [rule.name, 0]));
for (const file of files) {
  const from = place(file);
  for (const { target, line, dynamic, names } of relativeImportsOf(file)) {
    const to = place(target);
    for (const rule of RULES) {
      if (!rule.refuses(from, to, file, dynamic, names, target)) continue;
      counts[rule.name]++;
      violations.push(`${file}:${line} imports ${target}\n  ${rule.name}: ${rule.why}`);
    }
    if (from.module && to.module && from.module !== to.module && from.layer === to.layer && moduleEdges[from.layer]) {
      const edges = moduleEdges[from.layer];
      if (!edges.has(from.module)) edges.set(from.module, new Set());
      edges.get(from.module).add(to.module);
    }
  }
}
counts[CYCLE_RULE.name] = 0;
for (const [layer, edges] of Object.entries(moduleEdges)) {
  for (const group of moduleCycles(edges)) {
    counts[CYCLE_RULE.name]++;
    violations.push(`${LAYERS[layer]}/modules: ${group.join(' <-> ')}\n  ${CYCLE_RULE.name}: ${CYCLE_RULE.why}`);
  }
}

if (process.argv.includes('--counts')) {
  const links = Object.fromEntries(
    Object.entries(moduleEdges).map(([layer, edges]) => [
      layer,
      [...edges.values()].reduce((n, set) => n + set.size, 0),
    ]),
  );
  console.log(JSON.stringify({ files: files.length, moduleLinks: links, ...counts }));
}
if (violations.length > 0) {
  console.error(violations.join('\n'));
  console.error(`\n${violations.length} import(s) cross a module boundary (scripts/check-boundaries.mjs).`);
  process.exit(1);
}
console.log(`Module boundaries hold (${files.length} files).`);
