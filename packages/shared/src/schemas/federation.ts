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
