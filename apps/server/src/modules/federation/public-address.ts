import { UrlError, validatePublicUrl } from '@fedify/fedify';

/**
 * Whether this server may send to (or fetch from) `url`: an http(s) address whose host does not
 * resolve to a loopback, private or link-local address, so that another server cannot point our
 * deliveries or fetches at the machines behind us. FEDERATION_ALLOW_PRIVATE (tests only) lifts
 * the address check.
 */
export async function isPublicAddress(url: string | URL, allowPrivateAddress: boolean): Promise<boolean> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  if (allowPrivateAddress) return true;
  try {
    await validatePublicUrl(parsed.href);
    return true;
  } catch (error) {
    if (error instanceof UrlError) return false;
    throw error;
  }
}
