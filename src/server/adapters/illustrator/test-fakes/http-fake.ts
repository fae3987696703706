import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedRequest = {
  method: string;
  /** Path and query, e.g. `/v1beta/models/gemini-2.5-flash-image:generateContent`. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
};

/** One answer of the fake: a status with headers and body, or `hang` (never answer). */
export type FakeReply = { status: number; headers?: Record<string, string>; body?: string | Buffer } | 'hang';

export type HttpFake = {
  /** The base URL, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** The requests that matched the route, in order. */
  received: RecordedRequest[];
  /** Requests the test did not expect: another route, or more requests than replies queued. */
  unexpected: string[];
  /** Queues the answers of the next matching requests, one per request. */
  reply(...replies: FakeReply[]): void;
  close(): Promise<void>;
};

export function jsonReply(status: number, body: unknown, headers: Record<string, string> = {}): FakeReply {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
}

/**
 * A local HTTP server that plays one endpoint of a hosted API: it records every request, answers
 * with the queued replies, and lists anything it did not expect so that the test can fail on it.
 */
export async function startHttpFake(route: { method: string; path: RegExp }): Promise<HttpFake> {
  const received: RecordedRequest[] = [];
  const unexpected: string[] = [];
  const replies: FakeReply[] = [];
  const hanging = new Set<http.ServerResponse>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const method = req.method ?? '';
      const url = req.url ?? '';
      const pathname = url.split('?')[0] ?? '';
      if (method !== route.method || !route.path.test(pathname)) {
        unexpected.push(`${method} ${url}`);
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"unexpected request"}');
        return;
      }
      received.push({ method, url, headers: req.headers, body: Buffer.concat(chunks) });
      const reply = replies.shift();
      if (!reply) {
        unexpected.push(`${method} ${url} (no reply queued)`);
        // A surplus request fails the test through `unexpected` (a 5xx may be asked again: hosted.ts).
        res.writeHead(501, { 'content-type': 'application/json' }).end('{"error":"no reply queued"}');
        return;
      }
      if (reply === 'hang') {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      res.writeHead(reply.status, reply.headers ?? {}).end(reply.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    received,
    unexpected,
    reply(...next) {
      replies.push(...next);
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
