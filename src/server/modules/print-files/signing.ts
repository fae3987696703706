import { createHmac, timingSafeEqual } from 'node:crypto';
import { type PrintFileName, parsePrintFileKey } from '../../storage-keys';

/** Where the route serves the files, below the shop's public URL. */
const PRINT_FILES_PREFIX = '/api/print-files';

/** The path a print file is served at, which is also what its signature covers. */
export const printFilePath = (bookInstanceId: string, file: PrintFileName) =>
  `${PRINT_FILES_PREFIX}/${bookInstanceId}/${file}`;

/**
 * The signature of a path until an expiry (Unix seconds): HMAC-SHA256 over both, base64url. The
 * path is signed without the host, so a proxy in front of the shop does not break the links.
 */
function printFileSignature(path: string, expires: number, secret: string): string {
  return createHmac('sha256', secret).update(`${path}\n${expires}`, 'utf8').digest('base64url');
}

/**
 * A link a printer can download a stored print file from without an account, valid for
 * `expiresInSeconds`: `{publicUrl}/api/print-files/{bookInstanceId}/{file}?expires=..&signature=..`.
 * `key` is the file's storage key (`instanceKeys(id).printFile(file)`); any other key is refused.
 */
export function signPrintFileUrl(
  publicUrl: string,
  secret: string,
  key: string,
  expiresInSeconds: number,
  now: Date = new Date(),
): string {
  const printFile = parsePrintFileKey(key);
  if (!printFile) throw new Error(`Not a print file key: ${JSON.stringify(key.slice(0, 120))}`);
  if (!secret) throw new Error('The print file URL secret is empty');
  const path = printFilePath(printFile.bookInstanceId, printFile.file);
  const expires = Math.floor(now.getTime() / 1000) + Math.max(1, Math.floor(expiresInSeconds));
  const query = new URLSearchParams({
    expires: String(expires),
    signature: printFileSignature(path, expires, secret),
  });
  return `${publicUrl.replace(/\/+$/, '')}${path}?${query}`;
}

/** Whether a request for `path` carries a valid, unexpired signature. */
export function checkPrintFileSignature(
  path: string,
  query: { expires?: string | undefined; signature?: string | undefined },
  secret: string,
  now: Date = new Date(),
): 'valid' | 'expired' | 'invalid' {
  const { expires, signature } = query;
  if (!secret || !expires || !signature || !/^\d{1,12}$/.test(expires)) return 'invalid';
  const expected = Buffer.from(printFileSignature(path, Number(expires), secret), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  // The expiry is part of what is signed: it is only trusted after the signature matches.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return Number(expires) * 1000 <= now.getTime() ? 'expired' : 'valid';
}

/** Hides the signatures in a text (an error message that echoes a file URL). */
function redactSignatures(text: string): string {
  return text.replace(/(signature=)[^&\s"'\\]+/g, '$1[redacted]');
}

/** The print-file links a printer adapter signs with (src/server/adapters/printer/lulu.ts). */
export function printFileLinks(
  publicUrl: string,
  secret: string,
): { sign(key: string, expiresInSeconds: number, now: Date): string; redact(text: string): string } {
  if (!secret) throw new Error('The print file URL secret is empty');
  return {
    sign: (key, expiresInSeconds, now) => signPrintFileUrl(publicUrl, secret, key, expiresInSeconds, now),
    redact: (text) => redactSignatures(text.split(secret).join('[redacted]')),
  };
}
