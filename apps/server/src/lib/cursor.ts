import { badRequest } from './errors.ts';

/** Where a newest-first page stopped: the last row's time and id (keyset pagination). */
export interface PageCursor {
  createdAt: string;
  id: string;
}

/** An opaque cursor a client sends back for the next page. */
export function encodeCursor(at: PageCursor): string {
  return Buffer.from(JSON.stringify({ createdAt: at.createdAt, id: at.id })).toString('base64url');
}

/** 400 'Invalid cursor' for anything this server did not make. */
export function decodeCursor(cursor: string): PageCursor {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof value?.createdAt === 'string' && typeof value?.id === 'string') return value;
  } catch {}
  throw badRequest('Invalid cursor');
}
