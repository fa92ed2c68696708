/** `ids` with the item at `from` moved to index `to` (clamped to the list); the rest keep their order. */
export function moveItem(ids: readonly string[], from: number, to: number): string[] {
  const next = [...ids];
  const target = Math.max(0, Math.min(next.length - 1, to));
  if (from < 0 || from >= next.length || from === target) return next;
  const [moved] = next.splice(from, 1) as [string];
  next.splice(target, 0, moved);
  return next;
}
