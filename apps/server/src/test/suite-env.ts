/**
 * Suites that send many requests from few users: app-level rate limits are raised so a
 * 429 never hides the answer under test (Better Auth's own limits stay, each user has its own IP).
 */
export const SUITE_ENV = {
  RATE_LIMIT_WRITES: '1000000',
  RATE_LIMIT_SEARCHES: '1000000',
  RATE_LIMIT_UPLOADS: '1000000',
};
