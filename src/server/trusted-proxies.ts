import net from 'node:net';

/**
 * TRUST_PROXY (README "Environment variables", docs/decisions/019): which proxies may name the
 * client's address in X-Forwarded-For. A number of hops, or the proxies' own addresses and ranges.
 * Whatever would trust every client — `true`, `*`, `0.0.0.0/0`, `::/0`, `::ffff:0:0/96`, two halves
 * `0.0.0.0/1,128.0.0.0/1`, or any set of ranges whose union covers every address of a family — is
 * refused: any visitor could then choose its own address (the outbox "from this machine", the
 * per-address limits). A single range wider than the private ones (10.0.0.0/8, fc00::/7) is no proxy's address
 * either, and is refused too.
 */
export type TrustedProxies = false | number | string;

export const MAX_PROXY_HOPS = 10;
const WIDEST_IPV4_PREFIX = 8;
const WIDEST_IPV6_PREFIX = 7;

type Range = { family: 4 | 6; start: bigint; end: bigint };

export type TrustedProxiesResult = { ok: true; value: TrustedProxies } | { ok: false; message: string };

const EXPECTED =
  'expected the number of proxies in front of the shop (such as 1) or a comma-separated list of proxy addresses (such as 10.0.0.1,10.1.0.0/16)';

/** Parses TRUST_PROXY; a catch-all in any spelling is refused with a message saying why. */
export function parseTrustedProxies(value: string): TrustedProxiesResult {
  const text = value.trim();
  if (text === 'false' || text === '0') return { ok: true, value: false };
  if (/^\d+$/.test(text)) {
    return Number(text) <= MAX_PROXY_HOPS
      ? { ok: true, value: Number(text) }
      : { ok: false, message: `${EXPECTED}; at most ${MAX_PROXY_HOPS} hops` };
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const ranges: Range[] = [];
  for (const entry of entries) {
    const range = parseRange(entry);
    if (!range) {
      return {
        ok: false,
        message: `${EXPECTED}; "${entry}" is neither (true or * would let every client choose its own address)`,
      };
    }
    const mapped = mappedIpv4(range);
    for (const part of mapped ? [range, mapped] : [range]) {
      const widest = part.family === 4 ? WIDEST_IPV4_PREFIX : WIDEST_IPV6_PREFIX;
      if (prefixLength(part) < widest) {
        return {
          ok: false,
          message: `${EXPECTED}; "${entry}" covers more ${part.family === 4 ? 'IPv4' : 'IPv6'} addresses than any proxy (wider than /${widest}), so any client could choose its own address`,
        };
      }
      ranges.push(part);
    }
  }
  for (const family of [4, 6] as const) {
    if (
      coversEverything(
        ranges.filter((range) => range.family === family),
        family,
      )
    ) {
      return {
        ok: false,
        message: `${EXPECTED}; together these ranges cover every IPv${family} address, so any client could choose its own address`,
      };
    }
  }
  return { ok: true, value: entries.join(',') };
}

const IPV4_BITS = 32;
const IPV6_BITS = 128;
/** ::ffff:0:0/96, where IPv6 writes IPv4 addresses; proxy-addr compares those as IPv4. */
const MAPPED_PREFIX = 0xffffn << 32n;

/** One address or CIDR range. */
function parseRange(entry: string): Range | undefined {
  const match = /^([^/]+)(?:\/(\d{1,3}))?$/.exec(entry);
  if (!match) return undefined;
  const [, address, bitsText] = match;
  const family = net.isIPv4(address!) ? 4 : net.isIPv6(address!) ? 6 : undefined;
  if (!family || address!.includes('%')) return undefined;
  const width = family === 4 ? IPV4_BITS : IPV6_BITS;
  const bits = bitsText === undefined ? width : Number(bitsText);
  if (bits > width) return undefined;
  const value = family === 4 ? ipv4ToBigInt(address!) : ipv6ToBigInt(address!);
  const hostBits = BigInt(width - bits);
  const start = (value >> hostBits) << hostBits;
  const end = start + (1n << hostBits) - 1n;
  return { family, start, end };
}

/**
 * The IPv4 addresses an IPv6 range trusts: proxy-addr compares an IPv4 client with an IPv6 range
 * as `::ffff:a.b.c.d`, so `::ffff:0:0/96` (or `::/16`, which holds it) trusts every IPv4 client.
 */
function mappedIpv4(range: Range): Range | undefined {
  if (range.family !== 6) return undefined;
  const start = range.start > MAPPED_PREFIX ? range.start : MAPPED_PREFIX;
  const end = range.end < MAPPED_PREFIX + 0xffffffffn ? range.end : MAPPED_PREFIX + 0xffffffffn;
  return start <= end ? { family: 4, start: start - MAPPED_PREFIX, end: end - MAPPED_PREFIX } : undefined;
}

function prefixLength(range: Range): number {
  const size = range.end - range.start + 1n;
  return (range.family === 4 ? IPV4_BITS : IPV6_BITS) - (size.toString(2).length - 1);
}

function coversEverything(ranges: Range[], family: 4 | 6): boolean {
  const last = (1n << BigInt(family === 4 ? IPV4_BITS : IPV6_BITS)) - 1n;
  let next = 0n;
  for (const range of [...ranges].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0))) {
    if (range.start > next) return false;
    if (range.end >= next) next = range.end + 1n;
    if (next > last) return true;
  }
  return false;
}

function ipv4ToBigInt(address: string): bigint {
  return address.split('.').reduce((value, part) => (value << 8n) + BigInt(Number(part)), 0n);
}

function ipv6ToBigInt(address: string): bigint {
  let text = address;
  // A dotted IPv4 tail (::ffff:10.0.0.1) is two 16-bit groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = ipv4ToBigInt(dotted[1]!);
    text = `${text.slice(0, -dotted[1]!.length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? headGroups
      : [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return groups.reduce((value, group) => (value << 16n) + BigInt(Number.parseInt(group || '0', 16)), 0n);
}
