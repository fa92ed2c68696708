import { vi } from 'vitest';

export interface FetchCall {
  method: string;
  /** Path and query, as the app asked for them (`/api/users/search?q=ja&limit=3`). */
  url: string;
  path: string;
  /** A JSON body parsed; a multipart body as the FormData sent. */
  body: unknown;
}

/** Answers a request, or returns undefined when this test does not expect it. */
export type FetchHandler = (call: FetchCall) => Response | undefined | Promise<Response | undefined>;

const unhandled: string[] = [];

/**
 * The tests' only `fetch`: every request goes to `handler`, is recorded in the returned list, and
 * one the handler does not answer throws and fails the test (testing/setup.ts checks after each
 * test, since the app may swallow the thrown error). Without a handler, any request fails.
 */
export function stubFetch(handler: FetchHandler = () => undefined): FetchCall[] {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      const call: FetchCall = {
        method: init.method ?? (input instanceof Request ? input.method : 'GET'),
        url: url.pathname + url.search,
        path: url.pathname,
        body:
          typeof init.body === 'string' ? JSON.parse(init.body) : init.body instanceof FormData ? init.body : undefined,
      };
      calls.push(call);
      const reply = await handler(call);
      if (reply) return reply;
      unhandled.push(`${call.method} ${call.url}`);
      throw new Error(`unhandled request ${call.method} ${call.url}`);
    }),
  );
  return calls;
}

/** The requests no handler answered since the last call (testing/setup.ts fails the test on any). */
export function takeUnhandledRequests(): string[] {
  return unhandled.splice(0);
}

export const jsonResponse = (body: unknown, status = 200) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
