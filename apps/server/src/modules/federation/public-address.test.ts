import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './public-address.ts';

describe('isPublicAddress', () => {
  it('refuses addresses of this machine and its network', async () => {
    for (const url of [
      'http://127.0.0.1:5432/inbox',
      'https://localhost/inbox',
      'http://10.0.0.7/inbox',
      'http://192.168.1.1/inbox',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/inbox',
    ]) {
      expect(await isPublicAddress(url, false), url).toBe(false);
    }
  });

  it('refuses what is not http(s), and what is not an address', async () => {
    expect(await isPublicAddress('file:///etc/passwd', false)).toBe(false);
    expect(await isPublicAddress('ftp://93.184.216.34/x', true)).toBe(false);
    expect(await isPublicAddress('not a url', false)).toBe(false);
  });

  it('accepts a public address, and a private one only when private addresses are allowed', async () => {
    expect(await isPublicAddress('https://93.184.216.34/inbox', false)).toBe(true);
    expect(await isPublicAddress('http://127.0.0.1:5432/inbox', true)).toBe(true);
  });
});
