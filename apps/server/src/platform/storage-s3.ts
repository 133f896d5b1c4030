import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Config } from '../config.ts';
import {
  checkedStream,
  contentTypeOf,
  type FileStorage,
  isStorageKey,
  requireStorageKey,
  type SaveStreamOptions,
  type StorageUsage,
  tallyUsage,
  uploadError,
} from './storage.ts';

/** How long a presigned URL works: ffmpeg reading a long video, a browser starting a big download. */
const PRESIGNED_SECONDS = 3600;
/** Parts of a multipart upload (S3's minimum is 5 MiB); four are sent at a time. */
const PART_BYTES = 8 * 1024 * 1024;

type S3Settings = Pick<
  Config,
  | 'S3_ENDPOINT'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
  | 'S3_PUBLIC_ENDPOINT'
>;

function clientFor(settings: S3Settings, endpoint: string): S3Client {
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = settings;
  return new S3Client({
    endpoint,
    region: settings.S3_REGION,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE === 'on',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    // Checksums only where S3 requires them: many S3-compatible stores refuse the newer trailing checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

function isNotFound(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NotFound' || name === 'NoSuchKey' || $metadata?.httpStatusCode === 404;
}

/**
 * The file store in an S3-compatible bucket (AWS S3, MinIO, Ceph, Garage…), shared by every instance. A key is the
 * object's key; objects are written whole (PutObject, or a multipart upload completed at the end), so readers never
 * see a part.
 */
export class S3FileStorage implements FileStorage {
  readonly kind = 's3' as const;

  private constructor(
    private readonly client: S3Client,
    private readonly publicClient: S3Client | null,
    readonly bucket: string,
  ) {}

  static fromConfig(settings: S3Settings): S3FileStorage {
    if (!settings.S3_ENDPOINT) throw new Error('S3FileStorage needs S3_ENDPOINT');
    const publicClient = settings.S3_PUBLIC_ENDPOINT ? clientFor(settings, settings.S3_PUBLIC_ENDPOINT) : null;
    return new S3FileStorage(clientFor(settings, settings.S3_ENDPOINT), publicClient, settings.S3_BUCKET);
  }

  async prepare(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      if (!isNotFound(error)) throw error;
      await this.client.send(new CreateBucketCommand({ Bucket: this.bucket }));
    }
  }

  async saveFile(key: string, bytes: Uint8Array): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: requireStorageKey(key),
        Body: bytes,
        ContentType: contentTypeOf(key),
      }),
    );
  }

  async saveStream(key: string, source: Readable, options: SaveStreamOptions): Promise<{ bytes: number }> {
    const checked = checkedStream(options);
    const upload = this.upload(key, checked.stream);
    // A failed upload stops reading its body: fail the counter too, so the pipeline does not wait on it.
    const [piped, uploaded] = await Promise.allSettled([
      pipeline(source, checked.stream),
      upload.done().catch((error: unknown) => {
        checked.stream.destroy(error as Error);
        throw error;
      }),
    ]);
    if (piped.status === 'fulfilled' && uploaded.status === 'fulfilled') return { bytes: checked.bytes() };
    source.destroy();
    await upload.abort().catch(() => {});
    // The body's own error (too large, refused by `inspect`) says more than the upload's.
    throw uploadError(
      piped.status === 'rejected' ? piped.reason : (uploaded as PromiseRejectedResult).reason,
      options.maxBytes,
    );
  }

  async saveLocalFile(key: string, localPath: string): Promise<void> {
    await this.upload(key, createReadStream(localPath)).done();
  }

  /** A multipart upload of a stream (one PutObject when it is small), aborted whole on failure. */
  private upload(key: string, body: Readable): Upload {
    return new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: requireStorageKey(key), Body: body, ContentType: contentTypeOf(key) },
      partSize: PART_BYTES,
      queueSize: 4,
      leavePartsOnError: false,
    });
  }

  async sizeOf(key: string): Promise<number | null> {
    if (!isStorageKey(key)) return null;
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: requireStorageKey(key) }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async openRead(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const answer = await this.client.send(
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: requireStorageKey(key),
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    const body = answer.Body;
    if (body instanceof Readable) return body;
    if (!body) return Readable.from([]);
    return Readable.fromWeb((body as { transformToWebStream(): ReadableStream }).transformToWebStream() as never);
  }

  async readBytes(key: string, limit?: number): Promise<Buffer | null> {
    if (!isStorageKey(key)) return null;
    try {
      const stream = await this.openRead(key, limit === undefined ? undefined : { start: 0, end: limit - 1 });
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    } catch (error) {
      if (isNotFound(error)) return null;
      // An empty object has no byte 0: a range over it is unsatisfiable.
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 416) {
        return Buffer.alloc(0);
      }
      throw error;
    }
  }

  /** Every object under a prefix, with its size. */
  private async objectsUnder(prefix: string): Promise<{ key: string; size: number }[]> {
    const objects: { key: string; size: number }[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) {
        if (item.Key) objects.push({ key: item.Key.slice(prefix.length), size: item.Size ?? 0 });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return objects;
  }

  async list(folder: string): Promise<string[]> {
    const objects = await this.objectsUnder(folder === '' ? '' : `${requireStorageKey(folder)}/`);
    return objects
      .map((o) => o.key)
      .filter((key) => folder !== '' || !key.startsWith('.'))
      .sort();
  }

  async remove(keys: readonly string[], options: { recursive?: boolean } = {}): Promise<void> {
    const doomed: string[] = [];
    for (const key of keys) {
      requireStorageKey(key);
      doomed.push(key);
      if (options.recursive) doomed.push(...(await this.objectsUnder(`${key}/`)).map((o) => `${key}/${o.key}`));
    }
    for (let at = 0; at < doomed.length; at += 1000) {
      const batch = doomed.slice(at, at + 1000).map((Key) => ({ Key }));
      await this.client.send(
        new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch, Quiet: true } }),
      );
    }
  }

  async mediaSource(key: string): Promise<string> {
    const command = new GetObjectCommand({ Bucket: this.bucket, Key: requireStorageKey(key) });
    return getSignedUrl(this.client, command, { expiresIn: PRESIGNED_SECONDS });
  }

  async withLocalCopy<T>(key: string, work: (localPath: string) => Promise<T>): Promise<T> {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'learnlabel-s3-'));
    try {
      const local = path.join(folder, path.basename(requireStorageKey(key)));
      await pipeline(await this.openRead(key), createWriteStream(local));
      return await work(local);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  async downloadUrl(key: string, name: string): Promise<string | null> {
    if (!this.publicClient) return null;
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: requireStorageKey(key),
      ResponseContentDisposition: `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
      ResponseContentType: contentTypeOf(name),
    });
    return getSignedUrl(this.publicClient, command, { expiresIn: PRESIGNED_SECONDS });
  }

  async usage(): Promise<StorageUsage> {
    return tallyUsage((await this.objectsUnder('')).filter((o) => !o.key.startsWith('.')));
  }

  async checkWritable(): Promise<void> {
    const probe = `.ready-${randomBytes(6).toString('hex')}`;
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: probe, Body: 'ok' }));
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: probe }));
  }

  close(): void {
    this.client.destroy();
    this.publicClient?.destroy();
  }
}
