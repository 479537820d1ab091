import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../config';
import type { BuildStorage } from './build-storage';
import type { BuildWorkspace } from './build-workspace';

/** Files sent to the store at once while a build is kept. */
const PARALLEL_PUTS = 4;
/** The most keys one DeleteObjects takes. */
const DELETE_BATCH = 1000;

/**
 * Web builds in an S3-compatible object store (AWS S3, MinIO, R2, ...): one object per file,
 * `<game>/<version>/<path>`. Every instance reading the bucket serves every build. Each file is
 * streamed from the workspace with its length (no whole file in memory), and read back with
 * `Range` when the browser asks for part of it. The keys stay in this process: never logged,
 * never sent to a browser.
 */
export function createS3BuildStorage(settings: S3Settings, workspace: () => Promise<BuildWorkspace>): BuildStorage {
  const client = new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    // Checksums only where S3 requires them: many S3-compatible stores refuse the chunked
    // trailing checksums the SDK would otherwise add to every streamed upload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  const prefixOf = (gameId: number, version: number) => `${gameId}/${version}/`;

  async function forget(gameId: number, version: number): Promise<void> {
    const Prefix = prefixOf(gameId, version);
    let ContinuationToken: string | undefined;
    do {
      const listed = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken, MaxKeys: DELETE_BATCH }));
      const keys = (listed.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
      if (keys.length > 0) {
        const deleted = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }));
        if (deleted.Errors?.length)
          throw new Error(
            `The object store kept ${deleted.Errors.length} files of build ${gameId}/${version}: ${deleted.Errors[0]?.Code ?? 'unknown error'}`,
          );
      }
      ContinuationToken = listed.IsTruncated ? listed.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  async function put(unpacked: string, name: string, key: string): Promise<void> {
    const file = path.join(unpacked, ...name.split('/'));
    const { size } = await stat(file);
    const Body = size === 0 ? new Uint8Array(0) : createReadStream(file);
    await client.send(new PutObjectCommand({ Bucket, Key: key, Body, ContentLength: size, ContentType: 'application/octet-stream' }));
  }

  return {
    kind: 's3',
    workspace,
    keep: async (unpacked, gameId, version) => {
      await forget(gameId, version);
      const names = await filesUnder(unpacked);
      const prefix = prefixOf(gameId, version);
      let next = 0;
      let failed = false;
      const worker = async () => {
        while (!failed && next < names.length) {
          const name = names[next++]!;
          await put(unpacked, name, `${prefix}${name}`).catch((error: unknown) => {
            failed = true;
            throw error;
          });
        }
      };
      // Every put under way ends before the clean-up, so none lands after it.
      const outcomes = await Promise.allSettled(Array.from({ length: Math.min(PARALLEL_PUTS, names.length) }, worker));
      const failure = outcomes.find((outcome) => outcome.status === 'rejected');
      if (failure) {
        await forget(gameId, version).catch(() => {});
        throw failure.reason;
      }
    },
    forget,
    file: async (gameId, version, name) => {
      const Key = `${prefixOf(gameId, version)}${name}`;
      const head = await client.send(new HeadObjectCommand({ Bucket, Key })).catch((error: unknown) => {
        if (isMissing(error)) return null;
        throw error;
      });
      if (!head) return null;
      return {
        size: head.ContentLength ?? 0,
        open: async (range) => {
          const object = await client.send(
            new GetObjectCommand({ Bucket, Key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
          );
          return object.Body as Readable;
        },
      };
    },
  };
}

/** Every file under `folder`, as paths with forward slashes, relative to it. */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

function isMissing(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
  return status === 404;
}
