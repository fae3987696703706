import { describe, expect, it } from 'vitest';
import { getSafeRedirect, signInPath } from './safe-redirect';

describe('getSafeRedirect', () => {
  it.each([
    ['/checkout/abc', '/checkout/abc'],
    ['/checkout/abc?step=2#summary', '/checkout/abc?step=2#summary'],
    ['/', '/'],
  ])('keeps the site path %s', (value, expected) => {
    expect(getSafeRedirect(value)).toBe(expected);
  });

  it.each([
    null,
    '',
    'checkout/abc',
    '//evil.com',
    '//evil.com/path',
    '/\\evil.com',
    'https://evil.com',
    'javascript:alert(1)',
    '/ /evil.com',
    '/auth',
    '/auth?mode=reset',
  ])('refuses %j', (value) => {
    expect(getSafeRedirect(value)).toBeUndefined();
  });
});

describe('signInPath', () => {
  it('asks /auth to come back to a page of the site', () => {
    expect(signInPath('/checkout/abc?step=2')).toBe('/auth?redirect=%2Fcheckout%2Fabc%3Fstep%3D2');
    expect(signInPath('/')).toBe('/auth');
    expect(signInPath('https://evil.com')).toBe('/auth');
  });
});
