import { vi } from 'vitest';

export interface AuthCall {
  path: string;
  body: unknown;
}

type Reply = { status: number; body: unknown };

/**
 * A stand-in for Better Auth's routes under /api/auth: each path answers from its queue of replies
 * (the last one repeats) and every call is recorded. Any other request fails the test.
 */
export function stubAuthServer(replies: Record<string, Reply[]>) {
  const calls: AuthCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      const path = url.pathname.replace(/^\/api\/auth/, '');
      const queue = replies[path];
      if (!url.pathname.startsWith('/api/auth/') || !queue?.length) throw new Error(`unexpected request ${url}`);
      calls.push({ path, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      const reply = (queue.length > 1 ? queue.shift() : queue[0]) as Reply;
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}
