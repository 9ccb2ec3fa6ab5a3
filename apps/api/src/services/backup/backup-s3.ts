/**
 * The files of a backup when they live in S3 (issue #46 item 3, decision 113): the bucket keeps them
 * (with its own versioning and replication, docs/deploy/backup.md), and the backup keeps the list of
 * every object with its size and SHA-256, read from the bucket as it stood. A restore checks that list
 * against the bucket and refuses, naming what is missing or changed, so a restored database never points
 * at files that are not there.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { S3Options } from '../storage.ts';
import { S3Storage } from '../storage.ts';

export interface ListedObject {
  key: string;
  size: number;
  sha256: string;
}

async function digest(body: Readable): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** Every object of the bucket with its size and SHA-256. */
export async function listBucket(options: S3Options): Promise<ListedObject[]> {
  const storage = new S3Storage(options);
  const listed: ListedObject[] = [];
  for await (const key of storage.keys()) {
    const object = await storage.get(key);
    // Deleted between the list and the read (an upload replaced): not part of the copy.
    if (object) listed.push({ key, ...(await digest(object.body)) });
  }
  return listed;
}

/** The listed objects the bucket no longer has as they were: missing, or with other contents. */
export async function missingFromBucket(options: S3Options, listed: ListedObject[]): Promise<string[]> {
  const storage = new S3Storage(options);
  const wrong: string[] = [];
  for (const entry of listed) {
    const object = await storage.get(entry.key);
    if (!object || (await digest(object.body)).sha256 !== entry.sha256) wrong.push(entry.key);
  }
  return wrong;
}
