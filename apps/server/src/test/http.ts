import type { TestApp } from './build-app.ts';

/** Response bodies in tests are checked field by field, so they are read loosely typed. */
// biome-ignore lint/suspicious/noExplicitAny: test assertions inspect arbitrary JSON
export type Json = any;

export async function json(response: Response): Promise<Json> {
  return response.json();
}

export interface RawResponse {
  status: number;
  text: string;
  body: Json;
  response: Response;
}

/** A request with a body sent exactly as given (`call` in users.ts sends JSON through it). */
export async function send(
  t: TestApp,
  method: string,
  path: string,
  options: {
    body?: string | Uint8Array;
    contentType?: string;
    cookie?: string;
    ip?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<RawResponse> {
  const headers: Record<string, string> = {
    origin: t.baseUrl,
    'x-forwarded-for': options.ip ?? '10.255.255.253',
    ...options.headers,
  };
  if (options.contentType) headers['content-type'] = options.contentType;
  if (options.cookie) headers.cookie = options.cookie;
  const response = await fetch(`${t.baseUrl}${path}`, {
    method,
    headers,
    body: options.body as NonNullable<Parameters<typeof fetch>[1]>['body'],
    redirect: 'manual',
  });
  const text = await response.text();
  let body: Json = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {}
  return { status: response.status, text, body, response };
}
