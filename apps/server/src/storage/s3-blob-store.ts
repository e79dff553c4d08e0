/**
 * Files in S3-compatible storage (S3_* set): every node of a cluster reads what any node wrote.
 * Path-style addressing (MinIO, Ceph, s3rver and the like have no bucket subdomains), and
 * checksums only where the API demands them: by default the SDK frames streamed bodies with
 * aws-chunked encoding and a trailing checksum, which servers that do not know it store verbatim.
 */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import type * as S3Storage from '@aws-sdk/lib-storage';
import type { S3Config } from '../config/config.js';
import { assertSafeBlobKey, isSafeBlobKey, type BlobStore } from './blob-store.js';

/** Parts of a multipart upload; `QUEUE` of them are in memory and in flight at once. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE = 4;

export class S3BlobStore implements BlobStore {
  /**
   * Connects and checks the bucket is there and these credentials reach it, so a wrong setting
   * stops the start rather than the first upload.
   */
  static async open(config: S3Config): Promise<S3BlobStore> {
    // Loaded here, not with the app: ~90 ms of CPU that a node on the local folder never needs.
    const [sdk, storage] = await Promise.all([
      import('@aws-sdk/client-s3'),
      import('@aws-sdk/lib-storage'),
    ]);
    const client = new sdk.S3Client({
      endpoint: config.endpoint,
      region: config.region,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    try {
      await client.send(new sdk.HeadBucketCommand({ Bucket: config.bucket }));
    } catch (error) {
      client.destroy();
      throw new Error(`S3 bucket "${config.bucket}" at ${config.endpoint} is not reachable`, {
        cause: error,
      });
    }
    return new S3BlobStore(sdk, storage, client, config.bucket);
  }

  private constructor(
    private readonly sdk: typeof S3,
    private readonly storage: typeof S3Storage,
    private readonly client: S3.S3Client,
    private readonly bucket: string,
  ) {}

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertSafeBlobKey(key);
    await this.client.send(
      new this.sdk.PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: data,
        ContentType: contentType,
        ContentLength: data.length,
      }),
    );
  }

  async putFile(key: string, file: string, contentType: string): Promise<void> {
    assertSafeBlobKey(key);
    // A multipart upload past one part: a recording may be larger than one PUT may carry (5 GB),
    // and only QUEUE parts are ever in memory. A failed upload is aborted, leaving no parts.
    const upload = new this.storage.Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: key,
        Body: createReadStream(file),
        ContentType: contentType,
      },
      partSize: PART_SIZE,
      queueSize: QUEUE,
    });
    await upload.done();
  }

  async get(
    key: string,
    range?: { start: number; end: number },
  ): Promise<{ stream: Readable; size: number } | null> {
    if (!isSafeBlobKey(key)) return null;
    let out: S3.GetObjectCommandOutput;
    try {
      out = await this.client.send(
        new this.sdk.GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
    } catch (error) {
      if (this.isMissing(error)) return null;
      throw error;
    }
    const body = out.Body;
    if (!(body instanceof Readable)) throw new Error(`S3 answered ${key} without a body stream`);
    if (!range) {
      if (out.ContentLength !== undefined) return { stream: body, size: out.ContentLength };
      body.destroy();
      throw new Error(`S3 answered ${key} without its length`);
    }
    // Anything but the bytes asked for (or fewer at the end) would go out as a wrong 206.
    const got = out.ContentRange?.match(/^bytes (\d+)-(\d+)\/(\d+)$/);
    if (!got || Number(got[1]) !== range.start || Number(got[2]) > range.end) {
      body.destroy();
      throw new Error(
        `S3 answered ${key} bytes=${range.start}-${range.end} with ${out.ContentRange ?? 'no Content-Range'}`,
      );
    }
    return { stream: body, size: Number(got[3]) };
  }

  async delete(key: string): Promise<void> {
    assertSafeBlobKey(key);
    // S3 answers 204 whether or not there was such an object.
    await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** No such object; a missing bucket is a broken deployment and stays an error. */
  private isMissing(error: unknown): boolean {
    if (!(error instanceof this.sdk.S3ServiceException)) return false;
    if (error.name === 'NoSuchKey') return true;
    return error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket';
  }
}
