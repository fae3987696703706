import { createHash, createHmac, randomUUID } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

type RecordedS3Request = {
  method: string;
  /** The path as sent, still URL-encoded: `/{bucket}/{key}`. */
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: Buffer;
};

type FakeS3Object = { data: Buffer; contentType: string; lastModified: Date };

export type FakeS3 = {
  /** The endpoint to give the adapter, e.g. `http://127.0.0.1:41234` (path-style only). */
  url: string;
  /** Every request that reached the fake, in order (the refused ones too). */
  requests: RecordedS3Request[];
  /** Requests the fake does not play; a test fails when this is not empty. */
  unexpected: string[];
  /** The bucket's objects by key, to look at or to fill without going through HTTP. */
  objects: Map<string, FakeS3Object>;
  /** Adds an object directly, as if uploaded earlier. */
  seed(key: string, data?: Uint8Array, contentType?: string): void;
  /** Answers the next `times` requests with this S3 error. */
  failNext(status: number, code: string, message: string, times?: number): void;
  close(): Promise<void>;
};

export type FakeS3Options = {
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region?: string;
  /** The largest page ListObjectsV2 answers (S3: 1000). */
  maxKeys?: number;
};

const XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/';

/**
 * A local stand-in for an S3-compatible store with one bucket, path-style only. It plays PutObject,
 * GetObject, HeadObject, DeleteObject, DeleteObjects and ListObjectsV2, and checks every request's
 * AWS Signature Version 4 like S3 does (access key, credential scope, payload hash and signature),
 * so a request signed with the wrong key or secret is refused with S3's own error.
 */
export async function startFakeS3(options: FakeS3Options): Promise<FakeS3> {
  const region = options.region ?? 'us-east-1';
  const pageLimit = options.maxKeys ?? 1000;
  const requests: RecordedS3Request[] = [];
  const unexpected: string[] = [];
  const objects = new Map<string, FakeS3Object>();
  const failures: { status: number; code: string; message: string }[] = [];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const [rawPath = '/', rawQuery = ''] = (req.url ?? '/').split('?', 2);
      const query = Object.fromEntries(
        rawQuery
          .split('&')
          .filter(Boolean)
          .map((pair) => {
            const [key = '', value = ''] = pair.split(/=(.*)/s, 2);
            return [decode(key), decode(value)];
          }),
      );
      const method = req.method ?? '';
      requests.push({ method, path: rawPath, query, headers: req.headers, body });

      const refusal = checkSignature(req, rawPath, rawQuery, body, options, region);
      if (refusal)
        return sendError(res, method, refusal.status, refusal.code, refusal.message, refusal.extra);
      const failure = failures.shift();
      if (failure) return sendError(res, method, failure.status, failure.code, failure.message);

      const match = /^\/([^/]+)(?:\/(.*))?$/.exec(rawPath);
      const bucket = match?.[1] ? decodeURIComponent(match[1]) : '';
      const key = match?.[2] ? decodeURIComponent(match[2]) : '';
      if (bucket !== options.bucket) {
        return sendError(res, method, 404, 'NoSuchBucket', 'The specified bucket does not exist');
      }
      const operation = query['x-id'];

      if (key !== '') {
        if (method === 'PUT' && (!operation || operation === 'PutObject')) {
          objects.set(key, {
            data: body,
            // S3's own default for an object sent without a type.
            contentType: req.headers['content-type'] ?? 'binary/octet-stream',
            lastModified: new Date(),
          });
          res.writeHead(200, { etag: etag(body) }).end();
          return;
        }
        if ((method === 'GET' && (!operation || operation === 'GetObject')) || method === 'HEAD') {
          const object = objects.get(key);
          if (!object) return sendError(res, method, 404, 'NoSuchKey', 'The specified key does not exist.');
          res.writeHead(200, {
            'content-type': object.contentType,
            'content-length': object.data.length,
            etag: etag(object.data),
            'last-modified': object.lastModified.toUTCString(),
          });
          res.end(method === 'HEAD' ? undefined : object.data);
          return;
        }
        if (method === 'DELETE' && (!operation || operation === 'DeleteObject')) {
          objects.delete(key);
          res.writeHead(204).end();
          return;
        }
      } else {
        if (method === 'POST' && 'delete' in query) return deleteObjects(req, res, body);
        if (method === 'GET' && query['list-type'] === '2') return listObjects(res, query);
      }
      unexpected.push(`${method} ${req.url ?? ''}`);
      sendError(res, method, 405, 'MethodNotAllowed', 'The fake does not play this request.');
    });
  });

  function deleteObjects(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) {
    // S3 refuses a multi-object delete without an integrity header.
    const hasChecksum =
      Boolean(req.headers['content-md5']) ||
      Object.keys(req.headers).some((name) => name.startsWith('x-amz-checksum-'));
    if (!hasChecksum) {
      return sendError(
        res,
        'POST',
        400,
        'InvalidRequest',
        'Missing required header for this request: Content-MD5',
      );
    }
    const xml = body.toString('utf8');
    const keys = [...xml.matchAll(/<Object>\s*<Key>([\s\S]*?)<\/Key>/g)].map((found) =>
      unescapeXml(found[1]!),
    );
    if (keys.length === 0 || keys.length > 1000) {
      return sendError(res, 'POST', 400, 'MalformedXML', 'The XML you provided was not well-formed.');
    }
    const quiet = /<Quiet>true<\/Quiet>/.test(xml);
    for (const key of keys) objects.delete(key);
    const deleted = quiet
      ? ''
      : keys.map((key) => `<Deleted><Key>${escapeXml(key)}</Key></Deleted>`).join('');
    sendXml(res, `<DeleteResult xmlns="${XMLNS}">${deleted}</DeleteResult>`);
  }

  function listObjects(res: http.ServerResponse, query: Record<string, string>) {
    const prefix = query.prefix ?? '';
    const maxKeys = Math.min(Number(query['max-keys'] ?? pageLimit), pageLimit);
    const after = query['continuation-token']
      ? Buffer.from(query['continuation-token'], 'base64url').toString('utf8')
      : (query['start-after'] ?? '');
    const matching = [...objects.keys()]
      .filter((key) => key.startsWith(prefix) && key > after)
      .sort((a, b) => (Buffer.from(a) < Buffer.from(b) ? -1 : 1));
    const page = matching.slice(0, maxKeys);
    const truncated = matching.length > page.length;
    const urlEncoded = query['encoding-type'] === 'url';
    const shownKey = (key: string) => escapeXml(urlEncoded ? encodeURIComponent(key) : key);
    const contents = page
      .map((key) => {
        const object = objects.get(key)!;
        return (
          `<Contents><Key>${shownKey(key)}</Key><LastModified>${object.lastModified.toISOString()}</LastModified>` +
          `<ETag>${escapeXml(etag(object.data))}</ETag><Size>${object.data.length}</Size>` +
          '<StorageClass>STANDARD</StorageClass></Contents>'
        );
      })
      .join('');
    const next = truncated ? Buffer.from(page.at(-1)!, 'utf8').toString('base64url') : undefined;
    sendXml(
      res,
      `<ListBucketResult xmlns="${XMLNS}"><Name>${escapeXml(options.bucket)}</Name>` +
        `<Prefix>${shownKey(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys>` +
        (urlEncoded ? '<EncodingType>url</EncodingType>' : '') +
        `<IsTruncated>${truncated}</IsTruncated>${contents}` +
        (query['continuation-token']
          ? `<ContinuationToken>${escapeXml(query['continuation-token'])}</ContinuationToken>`
          : '') +
        (next ? `<NextContinuationToken>${next}</NextContinuationToken>` : '') +
        '</ListBucketResult>',
    );
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    unexpected,
    objects,
    seed(key, data = Buffer.from(key), contentType = 'binary/octet-stream') {
      objects.set(key, { data: Buffer.from(data), contentType, lastModified: new Date() });
    },
    failNext(status, code, message, times = 1) {
      for (let i = 0; i < times; i++) failures.push({ status, code, message });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        // The SDK keeps connections alive; close them so the server can stop.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

type Refusal = { status: number; code: string; message: string; extra?: Record<string, string> };

/** Verifies AWS Signature Version 4 (header form) as S3 does; answers why not, or undefined. */
function checkSignature(
  req: http.IncomingMessage,
  rawPath: string,
  rawQuery: string,
  body: Buffer,
  options: FakeS3Options,
  region: string,
): Refusal | undefined {
  const authorization = req.headers.authorization ?? '';
  const parsed =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!parsed) {
    return { status: 403, code: 'AccessDenied', message: 'Anonymous access is forbidden for this operation' };
  }
  const [, accessKeyId, date, scopeRegion, signedHeaders, signature] = parsed as unknown as string[];
  if (accessKeyId !== options.accessKeyId) {
    return {
      status: 403,
      code: 'InvalidAccessKeyId',
      message: 'The AWS Access Key Id you provided does not exist in our records.',
      extra: { AWSAccessKeyId: accessKeyId! },
    };
  }
  if (scopeRegion !== region) {
    return {
      status: 400,
      code: 'AuthorizationHeaderMalformed',
      message: `The authorization header is malformed; the region '${scopeRegion}' is wrong; expecting '${region}'`,
    };
  }
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (!amzDate.startsWith(date!) || payloadHash === '') {
    return { status: 400, code: 'InvalidRequest', message: 'Missing x-amz-date or x-amz-content-sha256' };
  }
  if (/^[0-9a-f]{64}$/.test(payloadHash) && payloadHash !== sha256(body)) {
    return {
      status: 400,
      code: 'XAmzContentSHA256Mismatch',
      message: "The provided 'x-amz-content-sha256' header does not match what was computed.",
    };
  }
  const headerNames = signedHeaders!.split(';');
  if (!headerNames.includes('host')) {
    return { status: 403, code: 'AccessDenied', message: 'The host header must be signed' };
  }
  const canonicalHeaders = headerNames
    .map(
      (name) =>
        `${name}:${String(req.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalQuery = rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => pair.split(/=(.*)/s, 2).map((part) => rfc3986(decode(part ?? ''))) as [string, string?])
    .map(([key, value = '']) => [key, value] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const canonicalRequest = [
    req.method,
    rawPath,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  let key: Buffer = hmac(`AWS4${options.secretAccessKey}`, date!);
  for (const part of [region, 's3', 'aws4_request']) key = hmac(key, part);
  const expected = createHmac('sha256', key).update(stringToSign).digest('hex');
  if (expected !== signature) {
    return {
      status: 403,
      code: 'SignatureDoesNotMatch',
      message:
        'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
      // Real S3 echoes these too; the adapter must not pass them on.
      extra: { AWSAccessKeyId: accessKeyId!, StringToSign: stringToSign, CanonicalRequest: canonicalRequest },
    };
  }
  return undefined;
}

function sendError(
  res: http.ServerResponse,
  method: string,
  status: number,
  code: string,
  message: string,
  extra: Record<string, string> = {},
) {
  // A HEAD answer has no body, so the SDK sees only the status (404 becomes `NotFound`).
  if (method === 'HEAD') {
    res.writeHead(status).end();
    return;
  }
  const fields = Object.entries(extra)
    .map(([name, value]) => `<${name}>${escapeXml(value)}</${name}>`)
    .join('');
  sendXml(
    res,
    `<Error><Code>${code}</Code><Message>${escapeXml(message)}</Message>${fields}<RequestId>${randomUUID()}</RequestId></Error>`,
    status,
  );
}

function sendXml(res: http.ServerResponse, xml: string, status = 200) {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${xml}`);
}

function etag(data: Buffer): string {
  return `"${createHash('md5').update(data).digest('hex')}"`;
}

function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

function decode(value: string): string {
  return decodeURIComponent(value.replace(/\+/g, '%20'));
}

/** URI encoding as SigV4 wants it: everything but `A-Z a-z 0-9 - _ . ~` escaped. */
function rfc3986(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function unescapeXml(value: string): string {
  return value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}
