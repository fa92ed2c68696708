/** Asks `probe` again every 50 ms until `done` holds or `ms` pass; hands back the last answer. */
export async function waitFor<T>(probe: () => Promise<T>, done: (value: T) => boolean, ms = 8000): Promise<T> {
  const until = Date.now() + ms;
  let value = await probe();
  while (!done(value) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await probe();
  }
  return value;
}
