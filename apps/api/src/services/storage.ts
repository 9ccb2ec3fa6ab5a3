import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import { loadS3, loadS3Upload } from '../lib/heavy-modules.ts';

export interface StoredObject {
  body: Readable;
  contentType: string;
  size: number;
}

/** Where files live: one interface, a local folder by default or any S3-compatible store. */
export interface Storage {
  readonly kind: 'local' | 's3';
  /**
   * Store a file. A stream is written as it arrives (a data export of any size never sits in memory),
   * and the key shows it only once it is complete: a failed or interrupted write leaves nothing.
   */
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  /** Store a file from disk, streamed (large videos never sit in memory). */
  putFile(key: string, filePath: string, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
}

/** Keys are server-generated: lower-case letters, digits, dashes, dots and slashes, no "..". */
const SAFE_KEY = /^[a-z0-9][a-z0-9._/-]{0,300}$/;
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..') || key.includes('//'))
    throw new Error(`chave de arquivo inválida: ${key}`);
}

export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  constructor(private readonly root: string) {}

  private file(key: string) {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, body: Buffer | Readable, contentType: string): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Written beside the final name and renamed when complete, so a reader never gets half a file.
    const partial = `${file}.${randomBytes(6).toString('hex')}.parcial`;
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(partial));
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    await writeFile(`${file}.tipo`, contentType);
  }

  async putFile(key: string, filePath: string, contentType: string): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    await copyFile(filePath, file);
    await writeFile(`${file}.tipo`, contentType);
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.file(key);
    try {
      const [info, type] = await Promise.all([stat(file), readFile(`${file}.tipo`, 'utf8')]);
      return { body: createReadStream(file), contentType: type, size: info.size };
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.file(key);
    await rm(file, { force: true });
    await rm(`${file}.tipo`, { force: true });
  }
}

export interface S3Options {
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/**
 * A streamed upload's parts: S3's smallest is 5 MiB, and 8 MiB parts keep even an 80 GB export under
 * the 10,000-part limit; two in flight keep the pipe busy without holding more than ≈ 16 MiB.
 */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_AT_ONCE = 2;

export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  private s3: Promise<{ client: S3Client; sdk: Awaited<ReturnType<typeof loadS3>> }> | undefined;
  constructor(private readonly options: S3Options) {}

  /** The SDK (≈ 25 MB) loads with the first file read or written (docs/decisions/040-…). */
  private connect() {
    const options = this.options;
    this.s3 ??= loadS3().then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: options.region,
        ...(options.endpoint ? { endpoint: options.endpoint } : {}),
        forcePathStyle: options.forcePathStyle,
        // Checksums only where S3 requires them: streamed uploads then go as plain bodies with a length,
        // which every S3-compatible store accepts (aws-chunked trailers are not universal).
        requestChecksumCalculation: 'WHEN_REQUIRED',
        credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      }),
    }));
    return this.s3;
  }

  async put(key: string, body: Buffer | Readable, contentType: string): Promise<void> {
    assertSafeKey(key);
    const { client, sdk } = await this.connect();
    if (!Buffer.isBuffer(body)) return this.putStream(client, key, body, contentType);
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.options.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
      }),
    );
  }

  /**
   * A stream of unknown length goes up in parts (S3 multipart upload): memory holds at most
   * PART_BYTES × PARTS_AT_ONCE whatever the size, and a failure aborts the upload, leaving no object.
   */
  private async putStream(client: S3Client, key: string, body: Readable, contentType: string) {
    const { Upload } = await loadS3Upload();
    const upload = new Upload({
      client,
      params: { Bucket: this.options.bucket, Key: key, Body: body, ContentType: contentType },
      partSize: PART_BYTES,
      queueSize: PARTS_AT_ONCE,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  async putFile(key: string, filePath: string, contentType: string): Promise<void> {
    assertSafeKey(key);
    const { size } = await stat(filePath);
    const { client, sdk } = await this.connect();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.options.bucket,
        Key: key,
        Body: createReadStream(filePath),
        ContentLength: size,
        ContentType: contentType,
      }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    assertSafeKey(key);
    const { client, sdk } = await this.connect();
    try {
      const out = await client.send(new sdk.GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return {
        body: out.Body as Readable,
        contentType: out.ContentType ?? 'application/octet-stream',
        size: out.ContentLength ?? 0,
      };
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === 'NoSuchKey' || name === 'NotFound') return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    const { client, sdk } = await this.connect();
    try {
      await client.send(new sdk.HeadObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return true;
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    const { client, sdk } = await this.connect();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  /** Every object's key in the bucket, page by page (ListObjectsV2), in S3's order (by key). */
  async *keys(): AsyncGenerator<string> {
    const { client, sdk } = await this.connect();
    let token: string | undefined;
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({ Bucket: this.options.bucket, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}

export function createStorage(config: { s3: S3Options | undefined; dataDir: string }): Storage {
  return config.s3 ? new S3Storage(config.s3) : new LocalStorage(path.join(config.dataDir, 'arquivos'));
}
