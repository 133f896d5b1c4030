import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SandboxFile } from './sandbox-provider.ts';

/** What a run may leave for `collectFiles` (a compiler's output is far smaller). */
const MAX_FILES = 200;
const MAX_TOTAL_BYTES = 64 * 1024 * 1024;

/**
 * The regular files a finished run left in its box, with paths relative to it. The program owned that folder, so
 * it may have left symlinks or other traps pointing at the host's files (the server may be root): links and
 * special files are passed over (lstat), files are opened with O_NOFOLLOW, and nothing is followed out of the
 * folder. The sandbox's processes are all gone by now (checked before), so nothing changes under the walk.
 */
export function collectBoxFiles(boxDir: string): SandboxFile[] {
  const files: SandboxFile[] = [];
  let total = 0;
  const walk = (dir: string, prefix: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      const relative = prefix ? `${prefix}/${name}` : name;
      const stat = lstatSync(full);
      if (stat.isDirectory()) walk(full, relative);
      if (!stat.isFile()) continue;
      const fd = openSync(full, constants.O_RDONLY | constants.O_NOFOLLOW);
      try {
        const mode = fstatSync(fd).mode;
        const content = readFileSync(fd);
        total += content.length;
        if (files.length >= MAX_FILES || total > MAX_TOTAL_BYTES) {
          throw new Error(`the run left more than ${MAX_FILES} files or ${MAX_TOTAL_BYTES} bytes in its work folder`);
        }
        files.push({ path: relative, content, executable: (mode & 0o100) !== 0 });
      } finally {
        closeSync(fd);
      }
    }
  };
  walk(boxDir, '');
  return files;
}
