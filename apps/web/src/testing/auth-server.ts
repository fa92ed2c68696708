import { jsonResponse, stubFetch } from './fetch-double.ts';

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
  stubFetch(({ path, body }) => {
    if (!path.startsWith('/api/auth/')) return undefined;
    const name = path.replace(/^\/api\/auth/, '');
    const queue = replies[name];
    if (!queue?.length) return undefined;
    calls.push({ path: name, body });
    const reply = (queue.length > 1 ? queue.shift() : queue[0]) as Reply;
    return jsonResponse(reply.body, reply.status);
  });
  return calls;
}
