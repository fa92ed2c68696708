import { API_TIMEOUT_MS } from '@liner/shared';
import { t } from '@lingui/core/macro';
import type * as z from 'zod/mini';
import type * as DeferredSchemas from './deferred-schemas.ts';
import { fromServer } from './i18n/runtime.ts';

/** An API call that did not succeed; `message` is fit to show the user. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

const timeoutMessage = () => t`Request timed out. The server might be experiencing high load.`;

/** A response schema fetched, with zod, when the request is sent (`deferredSchema`). */
export type LazySchema<T> = () => Promise<z.ZodMiniType<T>>;

/**
 * One of lib/deferred-schemas.ts, fetched with zod the first time it is needed: for the calls of
 * the home route, which paints before zod arrives (DESIGN.md budget), and for reading errors.
 */
export function deferredSchema<K extends keyof typeof DeferredSchemas>(
  name: K,
): () => Promise<(typeof DeferredSchemas)[K]> {
  return () => import('./deferred-schemas.ts').then((schemas) => schemas[name]);
}

interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Parses the response; the API is typed end to end through the shared zod contracts. */
  schema?: z.ZodMiniType<T> | LazySchema<T>;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** Sends a request to /api with a time-out; an answer that is not 2xx is thrown as ApiRequestError. */
async function send(
  path: string,
  { method = 'GET', body, signal, timeoutMs = API_TIMEOUT_MS }: Omit<RequestOptions<unknown>, 'schema'>,
): Promise<Response> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(`/api/${path.replace(/^\//, '')}`, {
      method,
      credentials: 'same-origin',
      headers: body === undefined || isForm ? undefined : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal: combined,
    });
  } catch (error) {
    if (timeout.aborted) throw new ApiRequestError(0, 'TIMEOUT', timeoutMessage());
    throw error;
  }
  if (!response.ok) throw await requestError(response);
  return response;
}

/**
 * The failure a non-2xx answer stands for, in the server's words when its body is the API's error
 * shape. That shape's schema (and zod) is fetched on the first failure if no page has brought it
 * yet; should it not arrive, the answer is treated as one without those words.
 */
async function requestError(response: Response): Promise<ApiRequestError> {
  const text = await response.text();
  const body = text ? safeJson(text) : undefined;
  const schema = await deferredSchema('ApiErrorSchema')().catch(() => null);
  const parsed = schema?.safeParse(body);
  if (parsed?.success) return new ApiRequestError(response.status, parsed.data.error.code, parsed.data.error.message);
  return new ApiRequestError(response.status, 'HTTP', `HTTP error! status: ${response.status}`);
}

/** The one way the web app talks to /api: same-origin cookies, JSON, a time-out, one error shape. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  // A lazy schema is asked for beside the request, so the answer never waits for it in turn.
  const schema = typeof options.schema === 'function' ? options.schema() : options.schema;
  // Should the request fail first, nobody awaits the schema: its own failure must not go unhandled.
  if (schema instanceof Promise) schema.catch(() => undefined);
  const response = await send(path, options);
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : undefined;
  return schema ? (await schema).parse(data) : (data as T);
}

/** A file the API builds (an export): its bytes and the name the server gives it. */
export async function apiFile(
  path: string,
  options: { timeoutMs?: number } = {},
): Promise<{ blob: Blob; name: string }> {
  const response = await send(path, options);
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? path.split('/').pop() ?? 'download';
  return { blob: await response.blob(), name };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The one way to turn a failed request into words for a person: the server's own words for a
 * client error (4xx, in the page's language where liner knows them), the time-out notice for a
 * time-out, else `fallback` (a 5xx says nothing useful).
 */
export function userMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiRequestError)) return fallback;
  if (error.code === 'TIMEOUT' || (error.status >= 400 && error.status < 500)) return fromServer(error.message);
  return fallback;
}

/**
 * A failed operation already in the words its form shows: a feature's mutation hook picks them once
 * (with `userMessage` or its own mapping), so components render `mutation.error.message` as it is.
 * `cause` keeps what actually failed, for the query client's 401 check.
 */
export class UserFacingError extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause });
  }
}

/** `operation`, whose failures become a UserFacingError worded by `toMessage`. */
export function withUserMessage<I, O>(
  operation: (input: I) => Promise<O>,
  toMessage: (error: unknown) => string,
): (input: I) => Promise<O> {
  return async (input) => {
    try {
      return await operation(input);
    } catch (error) {
      throw new UserFacingError(toMessage(error), error);
    }
  };
}
