import type { IncomingHttpHeaders } from 'node:http';

/** A request's headers as a Fetch `Headers` (what Better Auth reads), repeated headers kept. */
export function toFetchHeaders(incoming: IncomingHttpHeaders, skip?: string): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(incoming)) {
    if (value === undefined || key === skip) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  return headers;
}
