import { Agent, setGlobalDispatcher } from 'undici';

export interface OutboundLimits {
  /** Longest wait for another server to accept the connection (TLS included). */
  connectMs: number;
  /** Longest wait, once a request is sent, for the answer's headers. */
  headersMs: number;
  /** Longest silence while an answer's body arrives. */
  bodyMs: number;
}

/**
 * What another server may make us wait. Fedify fetches actors, keys and objects and delivers
 * activities with the global fetch and gives none of them a deadline, so without these a server
 * that accepts a connection and never answers would hold a delivery worker for Node's default
 * five minutes. Fifteen seconds is well past a healthy server's slowest answer (Mastodon gives
 * its own deliveries ten to connect and thirty in all).
 */
export const OUTBOUND_LIMITS: OutboundLimits = { connectMs: 10_000, headersMs: 15_000, bodyMs: 15_000 };

/**
 * Every request this process makes with fetch is held to `limits`. Callers with a deadline of
 * their own (the MusicBrainz client, cover fetches) still pass a signal; this is the floor under
 * the ones that cannot.
 */
export function limitOutboundRequests(limits: OutboundLimits = OUTBOUND_LIMITS): void {
  setGlobalDispatcher(
    new Agent({ connectTimeout: limits.connectMs, headersTimeout: limits.headersMs, bodyTimeout: limits.bodyMs }),
  );
}
