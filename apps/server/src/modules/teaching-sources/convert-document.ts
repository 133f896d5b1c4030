import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, open, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { findOnPath, runProgram, ToolMissing } from '../../platform/run-program.ts';
import type { FileStorage } from '../../platform/storage.ts';
import type { ConversionOutcome } from './convert-video.ts';
import { safeFileName, viewKeyOf } from './source-files.ts';

/** The longest LibreOffice run allowed for one document. */
const CONVERT_TIMEOUT_MS = 5 * 60_000;

/** The LibreOffice program: `LIBREOFFICE_PATH`, else `soffice` or `libreoffice` found on the PATH; null when none. */
export async function libreOfficePath(): Promise<string | null> {
  if (process.env.LIBREOFFICE_PATH) return process.env.LIBREOFFICE_PATH;
  return findOnPath(['soffice', 'libreoffice']);
}

async function startsWithPdf(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(1024);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead).includes('%PDF-');
  } finally {
    await handle.close();
  }
}

/**
 * Converts an office document to pdf with LibreOffice (`soffice --headless --convert-to pdf`) and stores it as the
 * source's view beside its file. The document is copied into a temporary folder first (LibreOffice leaves lock files
 * beside what it opens, which must not land in the store, and a bucket's file must be local anyway), and each run
 * gets a fresh user profile, so runs in parallel do not share one. No LibreOffice: ready, download only
 * (`converter_missing`); a failed or timed-out run: ready, download only (`convert_failed`).
 */
export async function convertDocument(
  storage: FileStorage,
  source: { fileKey: string; fileName: string },
  options: { signal: AbortSignal; onFailure: (stderr: string) => void },
): Promise<ConversionOutcome | 'aborted'> {
  const program = await libreOfficePath();
  if (!program) return { status: 'ready', viewKey: null, failure: 'converter_missing' };
  const folder = await mkdtemp(path.join(os.tmpdir(), 'learnlabel-office-'));
  try {
    const input = path.join(folder, 'in', safeFileName(source.fileName));
    const outDir = path.join(folder, 'out');
    await mkdir(path.dirname(input));
    await pipeline(await storage.openRead(source.fileKey), createWriteStream(input));
    const profile = pathToFileURL(path.join(folder, 'profile')).href;
    let run: Awaited<ReturnType<typeof runProgram>>;
    try {
      run = await runProgram(
        program,
        [`-env:UserInstallation=${profile}`, '--headless', '--convert-to', 'pdf', '--outdir', outDir, input],
        { timeoutMs: CONVERT_TIMEOUT_MS, signal: options.signal },
      );
    } catch (error) {
      if (error instanceof ToolMissing) return { status: 'ready', viewKey: null, failure: 'converter_missing' };
      throw error;
    }
    if (options.signal.aborted) return 'aborted';
    const made = (await readdir(outDir).catch(() => [] as string[])).find((name) => name.endsWith('.pdf'));
    if (run.code !== 0 || !made || !(await startsWithPdf(path.join(outDir, made)))) {
      options.onFailure(run.timedOut ? 'timed out' : run.stderr || run.stdout);
      return { status: 'ready', viewKey: null, failure: 'convert_failed' };
    }
    const viewKey = viewKeyOf(source.fileKey, 'pdf');
    await storage.saveLocalFile(viewKey, path.join(outDir, made));
    return { status: 'ready', viewKey, failure: null };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
