/**
 * s3rver (an S3-compatible server from npm, objects kept in a folder) on a free port, with one
 * bucket, for the S3 file-storage tests. Its default credentials are S3RVER/S3RVER, and it checks
 * request signatures as S3 does.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Config } from '../src/config/config.js';

export interface S3StandIn {
  config: S3Config;
  /** The S3_* variables that point the app at this server. */
  env: Record<string, string>;
  /** An object as the server holds it, read with a client of its own (not the app's store). */
  object(key: string): Promise<{ data: Buffer; contentType: string | undefined } | null>;
  close(): Promise<void>;
}

export async function startS3(bucket = 'meet-files'): Promise<S3StandIn> {
  const directory = await mkdtemp(path.join(tmpdir(), 'meet-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const config: S3Config = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    forcePathStyle: true,
  });
  return {
    config,
    env: {
      S3_ENDPOINT: config.endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: config.accessKeyId,
      S3_SECRET_ACCESS_KEY: config.secretAccessKey,
    },
    object: async (key) => {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        const data = Buffer.from(await out.Body!.transformToByteArray());
        return { data, contentType: out.ContentType };
      } catch (error) {
        if (error instanceof Error && error.name === 'NoSuchKey') return null;
        throw error;
      }
    },
    close: async () => {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
