import type { Config } from '../config.ts';
import type { FileStorage } from './storage.ts';
import { LocalFileStorage } from './storage-local.ts';
import { S3FileStorage } from './storage-s3.ts';

export interface CopyReport {
  copied: number;
  skipped: number;
  bytes: number;
}

/** Files copied at once: enough to keep a remote store busy, few enough for a small machine. */
const PARALLEL = 8;

/**
 * Copies every file of one store into another, skipping files the target already holds with the same size (a
 * rerun after an interruption copies only what is left). `progress` hears after each file.
 */
export async function copyFiles(
  from: FileStorage,
  to: FileStorage,
  progress: (done: number, total: number, report: CopyReport) => void = () => {},
): Promise<CopyReport> {
  await to.prepare();
  const keys = await from.list('');
  const report: CopyReport = { copied: 0, skipped: 0, bytes: 0 };
  let next = 0;
  let done = 0;
  const worker = async () => {
    for (;;) {
      const key = keys[next++];
      if (key === undefined) return;
      const size = await from.sizeOf(key);
      if (size === null || (await to.sizeOf(key)) === size) report.skipped += 1;
      else {
        await to.saveStream(key, await from.openRead(key), { maxBytes: Number.MAX_SAFE_INTEGER });
        report.copied += 1;
        report.bytes += size;
      }
      progress(++done, keys.length, report);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return report;
}

/**
 * `npm start -- copy-files-to-bucket`: copies the local store (`DATA_DIR/files`) into the bucket that S3_ENDPOINT and
 * S3_BUCKET name, printing progress; the server then serves from the bucket once started with the same settings.
 */
export async function copyFilesToBucketCommand(config: Config, print: (line: string) => void): Promise<number> {
  if (!config.S3_ENDPOINT) {
    print('Set S3_ENDPOINT (and S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY) to the bucket to copy into.');
    return 2;
  }
  if (config.DATA_DIR === 'memory://') {
    print('DATA_DIR is memory://: there is no local file store to copy.');
    return 2;
  }
  const from = LocalFileStorage.fromConfig(config);
  const to = S3FileStorage.fromConfig(config);
  try {
    print(`Copying ${from.root} into bucket ${to.bucket} at ${config.S3_ENDPOINT}`);
    let lastPercent = -1;
    const report = await copyFiles(from, to, (done, total) => {
      const percent = Math.floor((done / total) * 100);
      if (percent !== lastPercent && (percent % 5 === 0 || done === total)) {
        lastPercent = percent;
        print(`  ${done}/${total} files (${percent}%)`);
      }
    });
    const megabytes = (report.bytes / 1024 / 1024).toFixed(1);
    print(`Done: ${report.copied} copied (${megabytes} MB), ${report.skipped} already there.`);
    return 0;
  } finally {
    to.close();
  }
}
