// The imports of one source file, parsed with oxc-parser (TypeScript and TSX without the TypeScript compiler's
// API): what scripts/check-boundaries.mjs and scripts/check-dependencies.mjs both read.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSync } from 'oxc-parser';

/**
 * Imports of `file` (relative to `root`): static ones with their imported names and whether they are type-only,
 * re-exports, dynamic imports with a literal, and `new URL('./…', import.meta.url)`; each with its line, the
 * specifier without a query or hash.
 */
export function importsOf(root, file) {
  const text = readFileSync(path.join(root, file), 'utf8');
  const { module, errors } = parseSync(file, text);
  if (errors.length > 0) throw new Error(`${file}: cannot parse (${errors[0].message})`);
  const lineOf = (offset) => text.slice(0, offset).split('\n').length;
  const found = [];
  for (const item of module.staticImports) {
    const names = item.entries.map((entry) => entry.importName.name).filter(Boolean);
    const typeOnly = item.entries.length > 0 && item.entries.every((entry) => entry.isType);
    found.push({ spec: item.moduleRequest.value, line: lineOf(item.start), dynamic: false, typeOnly, names });
  }
  for (const item of module.staticExports) {
    for (const entry of item.entries)
      if (entry.moduleRequest)
        found.push({
          spec: entry.moduleRequest.value,
          line: lineOf(item.start),
          dynamic: false,
          typeOnly: entry.isType,
          names: [],
        });
  }
  for (const item of module.dynamicImports) {
    const literal = /^['"`](.*)['"`]$/.exec(text.slice(item.moduleRequest.start, item.moduleRequest.end));
    if (literal) found.push({ spec: literal[1], line: lineOf(item.start), dynamic: true, typeOnly: false, names: [] });
  }
  for (const match of text.matchAll(/new URL\(\s*['"](\.[^'"]+)['"],\s*import\.meta\.url\s*\)/g))
    found.push({ spec: match[1], line: lineOf(match.index), dynamic: true, typeOnly: false, names: [] });
  return found.map((item) => ({ ...item, spec: item.spec.replace(/[?#].*$/, '') }));
}
