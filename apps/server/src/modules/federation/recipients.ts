import type { Recipient } from '@fedify/vocab';
import type { RemoteActorRow } from './federation.repository.ts';

/** Where a person of another server takes deliveries: their inbox, or their server's shared one. */
export function recipientOf(person: Pick<RemoteActorRow, 'uri' | 'inbox_uri' | 'shared_inbox_uri'>): Recipient {
  return {
    id: new URL(person.uri),
    inboxId: new URL(person.inbox_uri),
    endpoints: person.shared_inbox_uri ? { sharedInbox: new URL(person.shared_inbox_uri) } : null,
  };
}
