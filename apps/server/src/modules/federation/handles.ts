/**
 * How a member is named on the fediverse (ADR 52). Their actor is their user id, which never
 * changes; the handle others type (`@handle@host`) is their display name when other servers accept
 * it as a username (Mastodon's pattern: letters, digits and `_`, with `.` and `-` inside), and their
 * user id otherwise (display names may hold spaces and letters beyond ASCII).
 */
const WEBFINGER_SAFE = /^[a-z0-9_]+([a-z0-9_.-]*[a-z0-9_])?$/i;

export function preferredUsername(displayName: string, userId: string): string {
  return WEBFINGER_SAFE.test(displayName) ? displayName : userId;
}

/** The instance actor's identifier: no user id (random, 32 letters and digits) can be this. */
export const INSTANCE_ACTOR = 'instance';

/** The name a person of another server has here: their handle and server, as people write them. */
export function remoteDisplayName(handle: string, host: string): string {
  return `${handle}@${host}`;
}

/** The longest handle kept from another server: longer ones are cut, as no one types them. */
export const REMOTE_HANDLE_MAX = 64;
