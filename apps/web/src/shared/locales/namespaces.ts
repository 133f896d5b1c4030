/** Turns `{ '.../zh-CN/errors.json': {...} }` into `{ errors: {...} }`. */
export function namespacesOf(files: Record<string, Record<string, string>>): Record<string, Record<string, string>> {
  return Object.fromEntries(
    Object.entries(files).map(([file, texts]) => [file.split('/').pop()!.replace('.json', ''), texts]),
  );
}
