import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

export interface FolderUsage {
  folder: string;
  files: number;
  bytes: number;
}

/** Files and bytes under a directory, walked depth first (a directory that vanishes meanwhile counts as empty). */
async function usageOf(directory: string): Promise<{ files: number; bytes: number }> {
  let entries: Dirent[];
  try {
    entries = await readdir(directory, { withFileTypes: true });
  } catch {
    return { files: 0, bytes: 0 };
  }
  let files = 0;
  let bytes = 0;
  for (const entry of entries) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) {
      const inner = await usageOf(full);
      files += inner.files;
      bytes += inner.bytes;
    } else if (entry.isFile() && !entry.name.endsWith('.tmp')) {
      const size = await stat(full).then(
        (s) => s.size,
        () => null,
      );
      if (size === null) continue;
      files += 1;
      bytes += size;
    }
  }
  return { files, bytes };
}

/**
 * Usage of the file store per top folder (files lying at the root count under `.`), largest first, with the
 * totals. Temporary files of writes in progress (`*.tmp`) and hidden entries at the root are left out.
 */
export async function fileStoreUsage(root: string): Promise<{ folders: FolderUsage[]; files: number; bytes: number }> {
  let entries: Dirent[];
  try {
    entries = await readdir(root, { withFileTypes: true });
  } catch {
    return { folders: [], files: 0, bytes: 0 };
  }
  const folders: FolderUsage[] = [];
  const loose: FolderUsage = { folder: '.', files: 0, bytes: 0 };
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(root, entry.name);
    if (entry.isDirectory()) {
      folders.push({ folder: entry.name, ...(await usageOf(full)) });
    } else if (entry.isFile() && !entry.name.endsWith('.tmp')) {
      const size = await stat(full).then(
        (s) => s.size,
        () => 0,
      );
      loose.files += 1;
      loose.bytes += size;
    }
  }
  if (loose.files) folders.push(loose);
  folders.sort((a, b) => b.bytes - a.bytes || a.folder.localeCompare(b.folder));
  return {
    folders,
    files: folders.reduce((sum, f) => sum + f.files, 0),
    bytes: folders.reduce((sum, f) => sum + f.bytes, 0),
  };
}
