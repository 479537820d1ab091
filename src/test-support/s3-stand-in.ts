import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export const STAND_IN_BUCKET = 'gamesource-builds';
const KEY = 'S3RVER';

/**
 * A local S3-compatible object store for tests (s3rver, data in a temp folder), on 127.0.0.1
 * behind a small proxy that can be told to fail uploads of some keys, so that a store failing
 * midway through a build is testable.
 */
export interface S3StandIn {
  /** What a server needs to keep its builds there. */
  env: Record<string, string>;
  /** Every key under a prefix, sorted. */
  keys(prefix?: string): Promise<string[]>;
  /** Uploads of keys matching this answer 500 until cleared. */
  failPuts(pattern: RegExp | null): void;
  close(): Promise<void>;
}

export async function startS3StandIn(): Promise<S3StandIn> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'gs-s3-'));
  const s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port: storePort } = await s3rver.run();
  let failing: RegExp | null = null;
  const proxy: Server = createServer((incoming, answer) => {
    if (incoming.method === 'PUT' && failing?.test(decodeURIComponent((incoming.url ?? '').split('?')[0]!))) {
      incoming.resume();
      answer
        .writeHead(500, { 'content-type': 'application/xml' })
        .end('<Error><Code>InternalError</Code><Message>Failing as told</Message></Error>');
      return;
    }
    const forwarded = httpRequest(
      { host: '127.0.0.1', port: storePort, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (response) => {
        answer.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(answer);
      },
    );
    forwarded.on('error', () => answer.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: KEY, secretAccessKey: KEY },
  });
  await client.send(new CreateBucketCommand({ Bucket: STAND_IN_BUCKET }));
  return {
    env: {
      BUILD_STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: STAND_IN_BUCKET,
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    keys: async (prefix = '') => {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const listed = await client.send(new ListObjectsV2Command({ Bucket: STAND_IN_BUCKET, Prefix: prefix, ContinuationToken }));
        keys.push(...(listed.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])));
        ContinuationToken = listed.IsTruncated ? listed.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys.sort();
    },
    failPuts: (pattern) => {
      failing = pattern;
    },
    close: async () => {
      client.destroy();
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await s3rver.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
