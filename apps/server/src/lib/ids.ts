import { randomBytes } from 'node:crypto';

/** Opaque, URL-safe, sortable-enough ids: time prefix for index locality, then randomness. */
export function newId(): string {
  return `${Date.now().toString(36)}${randomBytes(8).toString('base64url')}`;
}
