import { spawn } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import path from 'node:path';

/** The program is not installed (or not executable). */
export class ToolMissing extends Error {}

/**
 * The one way the server runs an external program to its end (ffprobe, ffmpeg, LibreOffice) in a process group of its own, so that a
 * timeout or the server stopping (`signal`) kills it and every process it started (LibreOffice's launcher starts
 * `soffice.bin`). Answers the exit code (null when killed), what it printed (stdout up to 100 KB, the last 2 KB of
 * stderr for the log) and whether it ran out of time; a missing program throws ToolMissing.
 */
export function runProgram(
  program: string,
  args: readonly string[],
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<{ code: number | null; stdout: string; stderr: string; timedOut: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const kill = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, options.timeoutMs);
    options.signal?.addEventListener('abort', kill, { once: true });
    const done = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', kill);
    };
    child.stdout.on('data', (chunk: Buffer) => {
      if (stdout.length < 100_000) stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-2000);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      done();
      reject(error.code === 'ENOENT' || error.code === 'EACCES' ? new ToolMissing(program) : error);
    });
    child.on('close', (code) => {
      done();
      resolve({ code, stdout, stderr: stderr.trim(), timedOut });
    });
  });
}

/** The first of `names` found as an executable file on the PATH, or null. */
export async function findOnPath(names: readonly string[]): Promise<string | null> {
  const folders = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  for (const name of names) {
    for (const folder of folders) {
      const candidate = path.join(folder, name);
      try {
        await access(candidate, constants.X_OK);
        return candidate;
      } catch {
        // Not here.
      }
    }
  }
  return null;
}
