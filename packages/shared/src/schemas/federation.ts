import * as z from 'zod/mini';

/** `@name@example.social` (the leading @ optional), as people write a fediverse address. */
const HANDLE = /^@?[^\s@/]+@[^\s@/]+\.[^\s@/]+$|^@?[^\s@/]+@[^\s@/]+:\d+$/;
export const FEDIVERSE_HANDLE_INVALID = 'Enter an address like @name@example.social';

export const FediverseLookupQuerySchema = z.object({
  handle: z
    .string()
    .check(z.trim(), z.maxLength(300, FEDIVERSE_HANDLE_INVALID), z.regex(HANDLE, FEDIVERSE_HANDLE_INVALID)),
});
export type FediverseLookupQuery = z.infer<typeof FediverseLookupQuerySchema>;

/** Whether a search box's words are a fediverse address rather than a name. */
export function isFediverseHandle(text: string): boolean {
  return HANDLE.test(text.trim());
}

/** A server's name as admins block it: a host, with a port where the server has one. */
const DOMAIN =
  /^(?=.{1,253}(:\d{1,5})?$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*(:\d{1,5})?$/;
export const DOMAIN_INVALID = 'Enter a server name like example.social';

export const BlockedDomainParamsSchema = z.object({
  domain: z.string().check(z.trim(), z.toLowerCase(), z.regex(DOMAIN, DOMAIN_INVALID)),
});

export const BlockedDomainSchema = z.object({
  domain: z.string(),
  /** How many people of that server were members here (their follows ended with the block). */
  people: z.number(),
  createdAt: z.string(),
});
export type BlockedDomain = z.infer<typeof BlockedDomainSchema>;

export const BlockedDomainsSchema = z.object({ domains: z.array(BlockedDomainSchema) });
export type BlockedDomains = z.infer<typeof BlockedDomainsSchema>;
