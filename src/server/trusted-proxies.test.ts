import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { parseTrustedProxies } from './trusted-proxies';

// Issue 34, finding 1: a TRUST_PROXY that trusts every address lets any visitor choose its own.
describe('TRUST_PROXY', () => {
  it('takes hop counts and real proxy addresses and ranges', () => {
    expect(parseTrustedProxies('1')).toEqual({ ok: true, value: 1 });
    expect(parseTrustedProxies('false')).toEqual({ ok: true, value: false });
    expect(parseTrustedProxies('10.0.0.1, 10.1.0.0/16,10.0.0.0/8')).toEqual({
      ok: true,
      value: '10.0.0.1,10.1.0.0/16,10.0.0.0/8',
    });
    expect(parseTrustedProxies('::1,fd00::/8,fc00::/7,2400:cb00::/32,::ffff:10.0.0.1')).toMatchObject({
      ok: true,
    });
  });

  it.each([
    'true',
    '*',
    'all',
    '0.0.0.0/0',
    '::/0',
    '0.0.0.0/1,128.0.0.0/1',
    '0.0.0.0/1, 128.0.0.0/2, 192.0.0.0/2',
    '::ffff:0:0/96',
    '::ffff:0.0.0.0/96',
    '0:0:0:0:0:ffff:0:0/96',
    '::/16',
    '::/1,8000::/1',
    '1.0.0.0/4',
    '2000::/3',
    '10.0.0.1/33',
    'example.com',
    '99',
  ])('refuses %s at start with a message naming TRUST_PROXY', (value) => {
    expect(parseTrustedProxies(value).ok).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrowError(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrowError(
      /TRUST_PROXY: expected the number of proxies in front of the shop/,
    );
  });

  it('refuses ranges whose union covers every IPv4 address, even in /8 pieces', () => {
    const all = Array.from({ length: 256 }, (_, index) => `${index}.0.0.0/8`);
    const result = parseTrustedProxies(all.join(','));
    expect(result).toMatchObject({ ok: false, message: expect.stringContaining('cover every IPv4 address') });
    expect(parseTrustedProxies(all.slice(1).join(',')).ok).toBe(true);
  });
});
