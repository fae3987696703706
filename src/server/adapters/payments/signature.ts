import { createHmac, timingSafeEqual } from 'node:crypto';

/** Stripe's default: a notification older or newer than five minutes is refused. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export class SignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignatureError';
  }
}

function hmac(payload: string, secret: string, timestamp: number): string {
  return createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
}

/**
 * The `Stripe-Signature` header for a payload: `t=<seconds>,v1=<hex HMAC-SHA256 of "t.payload">`.
 * `timestamp` (seconds) is the signer's clock, which the receiver compares with its own.
 */
export function signPayload(payload: string, secret: string, timestamp: number): string {
  return `t=${timestamp},v1=${hmac(payload, secret, timestamp)}`;
}

/**
 * Checks a `Stripe-Signature` header against the raw body, as Stripe's own SDK does: any `v1`
 * entry may match (secret rotation), compared in constant time, and the timestamp must lie within
 * the tolerance of `now` (the caller's clock). Throws SignatureError otherwise.
 */
export function verifySignature(
  payload: string,
  header: string | undefined,
  secret: string,
  options: { toleranceSeconds?: number; now: Date },
): void {
  if (!header) throw new SignatureError('missing signature header');
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.split('=', 2).map((piece) => piece.trim());
    if (key === 't' && value && /^\d+$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && value) signatures.push(value);
  }
  if (timestamp === undefined || signatures.length === 0)
    throw new SignatureError('malformed signature header');
  const expected = Buffer.from(hmac(payload, secret, timestamp), 'utf8');
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new SignatureError('signature does not match the payload');
  const nowSeconds = Math.floor(options.now.getTime() / 1000);
  if (Math.abs(nowSeconds - timestamp) > (options.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS)) {
    throw new SignatureError('signature timestamp outside the tolerance');
  }
}
