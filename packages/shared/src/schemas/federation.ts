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

/**
 * What an admin does to a server: `block` refuses all it sends, sends it nothing and ends its
 * people's follows; `silence` keeps them, but their follows of members become requests and their
 * reviews reach only the members who follow them.
 */
export const DOMAIN_SEVERITIES = ['block', 'silence'] as const;
export type DomainSeverity = (typeof DOMAIN_SEVERITIES)[number];

/** Optional: a PUT without a body blocks. */
export const BlockDomainBodySchema = z.nullish(z.object({ severity: z.optional(z.enum(DOMAIN_SEVERITIES)) }));
export type BlockDomainBody = z.infer<typeof BlockDomainBodySchema>;

export const BlockedDomainSchema = z.object({
  domain: z.string(),
  severity: z.enum(DOMAIN_SEVERITIES),
  /** How many people of that server are known here (a block ended their follows). */
  people: z.number(),
  createdAt: z.string(),
});
export type BlockedDomain = z.infer<typeof BlockedDomainSchema>;

export const BlockedDomainsSchema = z.object({ domains: z.array(BlockedDomainSchema) });
export type BlockedDomains = z.infer<typeof BlockedDomainsSchema>;

/** A person of another server, by the name they have here (`name@example.social`). */
export const RemotePersonParamsSchema = z.object({
  handle: z
    .string()
    .check(z.trim(), z.maxLength(300, FEDIVERSE_HANDLE_INVALID), z.regex(HANDLE, FEDIVERSE_HANDLE_INVALID)),
});

/** A person of another server an admin silenced: their follows are requests, their reviews reach their followers only. */
export const SilencedPersonSchema = z.object({
  userId: z.string(),
  displayName: z.string(),
  pictureUrl: z.nullable(z.string()),
  silencedAt: z.string(),
});
export type SilencedPerson = z.infer<typeof SilencedPersonSchema>;

export const SilencedPeopleSchema = z.object({ people: z.array(SilencedPersonSchema) });
export type SilencedPeople = z.infer<typeof SilencedPeopleSchema>;
