import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../testing/fetch-double.ts';
import { ApiRequestError, apiRequest, deferredSchema } from './api-client.ts';

describe('apiRequest with a deferred schema', () => {
  it('parses the answer once the schema has arrived', async () => {
    stubFetch(() => jsonResponse({ googleSignIn: true, chartMinListeners: 3, federation: false }));
    await expect(apiRequest('config', { schema: deferredSchema('PublicConfigSchema') })).resolves.toEqual({
      googleSignIn: true,
      chartMinListeners: 3,
      federation: false,
    });
  });

  it('refuses an answer that does not match, as a schema imported with the page would', async () => {
    stubFetch(() => jsonResponse({ googleSignIn: 'yes' }));
    await expect(apiRequest('config', { schema: deferredSchema('PublicConfigSchema') })).rejects.toThrow();
  });

  it("reads a failure in the server's words, and an answer of another shape as a bare HTTP error", async () => {
    stubFetch(({ path }) =>
      path === '/api/config'
        ? jsonResponse({ error: { code: 'RATE_LIMITED', message: 'Slow down' } }, 429)
        : jsonResponse({ oops: true }, 500),
    );
    const limited = apiRequest('config', { schema: deferredSchema('PublicConfigSchema') });
    await expect(limited).rejects.toBeInstanceOf(ApiRequestError);
    await expect(limited).rejects.toMatchObject({ status: 429, code: 'RATE_LIMITED', message: 'Slow down' });
    await expect(apiRequest('music/top-albums')).rejects.toMatchObject({ status: 500, code: 'HTTP' });
  });
});
