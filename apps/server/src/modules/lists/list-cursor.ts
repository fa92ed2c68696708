import { badRequest } from '../../lib/errors.ts';
import type { ListCursor, ListRow } from './lists.repository.ts';

/** Where a page of lists stopped, opaque to clients: time and id, and the likes count when sorted by it. */
export function encodeListCursor(row: ListRow, popular: boolean): string {
  const at: ListCursor = { createdAt: row.created_at, id: row.id };
  if (popular) at.likes = Number(row.likes_count);
  return Buffer.from(JSON.stringify(at)).toString('base64url');
}

/** 400 'Invalid cursor' for anything this server did not make. */
export function decodeListCursor(cursor: string): ListCursor {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      typeof value?.createdAt === 'string' &&
      typeof value?.id === 'string' &&
      (value.likes === undefined || Number.isSafeInteger(value.likes))
    ) {
      return { createdAt: value.createdAt, id: value.id, likes: value.likes };
    }
  } catch {}
  throw badRequest('Invalid cursor');
}
