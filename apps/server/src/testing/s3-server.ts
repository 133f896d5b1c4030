import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestS3Server {
  /** The configuration variables that point the server at this store (bucket `bucket`). */
  env(bucket?: string): Record<string, string>;
  close(): Promise<void>;
}

/**
 * An S3-compatible server on a free loopback port (s3rver: objects on disk, S3's REST protocol with signature V4,
 * multipart uploads, ranges, listing), holding its objects in a temporary folder removed on close.
 */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'learnlabel-s3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    env: (bucket = 'learnlabel') => ({
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'on',
    }),
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
