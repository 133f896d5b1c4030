import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock.ts';

describe('PGlite data directory lock', () => {
  it('refuses a second holder while a live process holds it, and frees it on release', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lock-'));
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(path.join(dir, 'pglite.lock'), String(child.pid));
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(/in use by another process/);
    } finally {
      child.kill();
    }
  });

  it('takes over the lock of a process that is gone', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lock-'));
    writeFileSync(path.join(dir, 'pglite.lock'), '999999999');
    const release = acquireDataDirLock(dir);
    expect(existsSync(path.join(dir, 'pglite.lock'))).toBe(true);
    release();
    expect(existsSync(path.join(dir, 'pglite.lock'))).toBe(false);
  });
});
