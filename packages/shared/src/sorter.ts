/**
 * The song sorter (spec §4, DESIGN.md decision 4): songs are placed one by one into a ranked list,
 * favourite first. The spec walks the ranked list from the top; we binary-search it instead. For
 * consistent choices both give the same ranking, ours with at most ⌈log2(k+1)⌉ questions to place a
 * song among k ranked ones, instead of up to k.
 *
 * The state is a plain, immutable value: every step returns a new one, and `undo` steps back
 * through the history it carries. The sorter works on positions in `items`, so two songs with the
 * same title stay two songs.
 */

interface Placement {
  /** Positions in `items`, favourite first. */
  readonly ranked: readonly number[];
  /** Positions in `items` still to place, in the order they will be taken. */
  readonly remaining: readonly number[];
  /** The song being placed, or null when the sort is over. */
  readonly current: number | null;
  /** The current song belongs somewhere in ranked positions lo…hi (hi = after the last). */
  readonly lo: number;
  readonly hi: number;
}

export interface SorterState<T> extends Placement {
  readonly items: readonly T[];
  /** One entry per answered question, oldest first: what `undo` returns to. */
  readonly history: readonly Placement[];
}

export interface SorterQuestion<T> {
  /** The song being placed. Choosing it means it ranks above `right`. */
  left: T;
  /** The ranked song it is compared with. */
  right: T;
  leftIndex: number;
  rightIndex: number;
}

/** Questions needed, at most, to place a song among `size` ranked songs by binary search. */
function placementCost(size: number): number {
  return size === 0 ? 0 : Math.ceil(Math.log2(size + 1));
}

/** Takes songs off `remaining` until one needs a question, or none is left. */
function settle(state: Placement): Placement {
  let { ranked, remaining, current, lo, hi } = state;
  for (;;) {
    if (current !== null) {
      if (lo < hi) return { ranked, remaining, current, lo, hi };
      ranked = [...ranked.slice(0, lo), current, ...ranked.slice(lo)];
      current = null;
    }
    const next = remaining[0];
    if (next === undefined) return { ranked, remaining, current: null, lo: 0, hi: 0 };
    remaining = remaining.slice(1);
    // The first song goes straight into the ranked list (spec §4): lo = hi = 0 places it.
    current = next;
    lo = 0;
    hi = ranked.length;
  }
}

function placementOf<T>(state: SorterState<T>): Placement {
  const { ranked, remaining, current, lo, hi } = state;
  return { ranked, remaining, current, lo, hi };
}

export function createSorter<T>(items: readonly T[]): SorterState<T> {
  const start = settle({ ranked: [], remaining: items.map((_, index) => index), current: null, lo: 0, hi: 0 });
  return { items: [...items], history: [], ...start };
}

export function isDone<T>(state: SorterState<T>): boolean {
  return state.current === null;
}

/** The next pair to choose between, or null once the ranking is complete. */
export function nextQuestion<T>(state: SorterState<T>): SorterQuestion<T> | null {
  if (state.current === null) return null;
  const rightIndex = state.ranked[(state.lo + state.hi) >> 1] as number;
  return {
    left: state.items[state.current] as T,
    right: state.items[rightIndex] as T,
    leftIndex: state.current,
    rightIndex,
  };
}

/** Records a choice: `preferLeft` when the song being placed is the favourite of the two. */
export function answer<T>(state: SorterState<T>, preferLeft: boolean): SorterState<T> {
  if (state.current === null) throw new Error('The sort is already complete');
  const mid = (state.lo + state.hi) >> 1;
  const narrowed = preferLeft ? { ...placementOf(state), hi: mid } : { ...placementOf(state), lo: mid + 1 };
  return { items: state.items, history: [...state.history, placementOf(state)], ...settle(narrowed) };
}

export function canUndo<T>(state: SorterState<T>): boolean {
  return state.history.length > 0;
}

/** Takes back the last answer; at the start it returns the state unchanged. */
export function undo<T>(state: SorterState<T>): SorterState<T> {
  const previous = state.history.at(-1);
  if (!previous) return state;
  return { items: state.items, history: state.history.slice(0, -1), ...previous };
}

export function questionsAsked<T>(state: SorterState<T>): number {
  return state.history.length;
}

/**
 * Questions asked plus the most that can still come, so 'Question n of about m' never has n > m;
 * m shrinks as answers land songs early.
 */
export function estimatedTotalQuestions<T>(state: SorterState<T>): number {
  if (state.current === null) return state.history.length;
  let total = state.history.length + Math.ceil(Math.log2(state.hi - state.lo + 1));
  let size = state.ranked.length + 1;
  for (let i = 0; i < state.remaining.length; i++) total += placementCost(size++);
  return total;
}

/** The most questions a sort of n songs can take: Σ ⌈log2(k+1)⌉ for k = 1…n−1. */
export function maxQuestions(n: number): number {
  let total = 0;
  for (let size = 1; size < n; size++) total += placementCost(size);
  return total;
}

/** The songs ranked so far, favourite first; the full ranking once `isDone`. */
export function ranking<T>(state: SorterState<T>): T[] {
  return state.ranked.map((index) => state.items[index] as T);
}
