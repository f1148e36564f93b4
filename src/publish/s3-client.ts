/**
 * The ObjectStore on Amazon S3 or any S3-compatible service, through the AWS SDK v3. Credentials and
 * region come from the SDK's standard chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, AWS_PROFILE,
 * SSO, web identity in CI, instance roles); `--endpoint` selects another service and turns on
 * path-style addressing. The SDK retries throttling and network errors with backoff (3 attempts).
 * SDK errors become one-line StorageErrors that say what to check.
 * Reads: the network. Writes: the bucket.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { urlForMessages } from '../validate/urls.js';
import { type ListedObject, StorageError, type ObjectHeaders, type ObjectStore } from './object-store.js';

export interface S3StoreOptions {
  bucket: string;
  /** Shown in messages, e.g. `site/`. */
  prefix: string;
  endpoint?: string;
  region?: string;
  env: NodeJS.ProcessEnv;
  /** How long a connection may take to open, and a request go without a byte either way, before
   * the attempt is given up (CONNECT_TIMEOUT_MS and IDLE_TIMEOUT_MS unless given). */
  timeouts?: { connectMs: number; idleMs: number };
}

/** Attempts per request, the SDK's standard retry mode (exponential backoff with jitter). */
const MAX_ATTEMPTS = 3;
/** The SDK waits for ever by default: an endpoint that takes the connection and never answers (a
 * wrong port, a stalled proxy) would hang a CI job until its own limit. A slow upload that keeps
 * sending is never cut: the idle limit counts silence, not the request's length. */
const CONNECT_TIMEOUT_MS = 10_000;
const IDLE_TIMEOUT_MS = 30_000;

/** Thrown when an upload's answer lacks what every S3 store sends (an ETag): the endpoint is something else. */
class NotS3Error extends Error {
  override name = 'NotS3Error';
}

/** Creates an S3-backed ObjectStore for one bucket. */
export function createS3Store(opts: S3StoreOptions): ObjectStore {
  // The SDK warns on every run that its releases from January 2027 will need Node 22; package.json
  // pins a release that supports Node 20 (test/deps/engines.test.ts), so the warning would only be
  // noise in CI logs. A user who sets the variable keeps their own value.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const region = opts.region ?? opts.env.AWS_REGION ?? opts.env.AWS_DEFAULT_REGION ?? (opts.endpoint ? 'us-east-1' : undefined);
  const client = new S3Client({
    region,
    endpoint: opts.endpoint,
    forcePathStyle: Boolean(opts.endpoint),
    maxAttempts: MAX_ATTEMPTS,
    requestHandler: { connectionTimeout: opts.timeouts?.connectMs ?? CONNECT_TIMEOUT_MS, socketTimeout: opts.timeouts?.idleMs ?? IDLE_TIMEOUT_MS },
    // Only the checksums S3 requires: many S3-compatible stores reject the SDK's newer defaults.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = opts.bucket;
  const name = `s3://${Bucket}/${opts.prefix}`;
  const call = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw new StorageError(describeS3Error(error, opts));
    }
  };
  return {
    name,
    // Bucket names are one namespace on Amazon S3; another service's are its own.
    place: opts.endpoint ? `${name} at ${urlForMessages(opts.endpoint).replace(/\/$/, '')}` : name,
    getText: (key) =>
      call(async () => {
        try {
          const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
          return await res.Body!.transformToString('utf-8');
        } catch (error) {
          if (isNotFound(error)) return undefined;
          throw error;
        }
      }),
    put: (key: string, body: Uint8Array | string, headers: ObjectHeaders) =>
      call(async () => {
        const res = await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: headers.contentType, CacheControl: headers.cacheControl, WebsiteRedirectLocation: headers.websiteRedirect }));
        // Every S3 store answers an upload with the object's ETag (some S3-compatible ones leave it
        // out of reads, never of writes): a web server that answers 200 to everything (a website's
        // address given as --endpoint, a captive portal) would otherwise pass for a bucket whose
        // every upload succeeds.
        if (!res.ETag) throw new NotS3Error(`the upload of ${key} was answered without an ETag`);
        return { etag: res.ETag };
      }),
    delete: (key) =>
      call(async () => {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      }),
    list: (prefix) =>
      call(async () => {
        const keys: ListedObject[] = [];
        let ContinuationToken: string | undefined;
        do {
          const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken }));
          for (const o of page.Contents ?? []) if (o.Key) keys.push({ key: o.Key, ...(o.ETag ? { etag: o.ETag } : {}) });
          ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (ContinuationToken);
        return keys;
      }),
  };
}

type SdkError = Error & { code?: string; Code?: string; $metadata?: { httpStatusCode?: number } };

function isNotFound(error: unknown): boolean {
  const e = error as SdkError;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || (e?.$metadata?.httpStatusCode === 404 && e?.name !== 'NoSuchBucket');
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE']);

/** One line saying what went wrong and what to check, in the user's terms (bucket, endpoint, credentials). */
export function describeS3Error(error: unknown, opts: Pick<S3StoreOptions, 'bucket' | 'endpoint' | 'timeouts'>): string {
  const e = error as SdkError;
  // The endpoint as given, less a query (a token there stays out of CI logs).
  const where = opts.endpoint ? urlForMessages(opts.endpoint).replace(/\/$/, '') : 'Amazon S3';
  const status = e?.$metadata?.httpStatusCode;
  const detail = String(e?.message ?? e).split('\n')[0];
  if (e?.code && NETWORK_CODES.has(e.code)) return `cannot reach the storage endpoint ${where} (${detail}); check --endpoint and the network`;
  // The SDK's own words name its internals ("@smithy/node-http-handler … configured by client
  // requestHandler"): the limits are said in ours.
  if (e?.name === 'TimeoutError') return `the storage endpoint ${where} did not answer in time (nothing for ${+((opts.timeouts?.idleMs ?? IDLE_TIMEOUT_MS) / 1000).toFixed(1)} seconds, ${MAX_ATTEMPTS} attempts); check --endpoint and the network`;
  if (e instanceof NotS3Error) return `${where} does not answer as an S3 store does (${detail}); check --endpoint: it must be the storage API's address, not the website's`;
  if (e?.name === 'CredentialsProviderError') return 'no storage credentials found; set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_PROFILE, or give the CI job a role';
  if (/region is missing/i.test(detail)) return 'no region for Amazon S3; pass --region or set AWS_REGION';
  if (e?.name === 'NoSuchBucket') return `bucket "${opts.bucket}" does not exist at ${where}; check --bucket${opts.endpoint ? '' : ' and --region'}`;
  if (e?.name === 'InvalidAccessKeyId' || e?.name === 'SignatureDoesNotMatch') return `${where} rejected the credentials (${e.name}); check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY`;
  if (e?.name === 'AccessDenied' || status === 403) return `access denied to bucket "${opts.bucket}" at ${where}; the credentials need s3:GetObject, s3:PutObject, s3:DeleteObject and s3:ListBucket`;
  if (e?.name === 'PermanentRedirect' || status === 301) return `bucket "${opts.bucket}" is in another region; pass its --region`;
  return `storage request failed: ${e?.name && e.name !== 'Error' ? `${e.name}: ` : ''}${detail}${status ? ` (HTTP ${status})` : ''}`;
}
