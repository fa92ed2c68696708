/** Response bodies in tests are checked field by field, so they are read loosely typed. */
// biome-ignore lint/suspicious/noExplicitAny: test assertions inspect arbitrary JSON
export type Json = any;

export async function json(response: Response): Promise<Json> {
  return response.json();
}
