import { describe, expect, it } from 'vitest';
import {
  answer,
  canUndo,
  createSorter,
  estimatedTotalQuestions,
  isDone,
  maxQuestions,
  nextQuestion,
  questionsAsked,
  ranking,
  type SorterState,
  undo,
} from './sorter.ts';

/** Prefers `a` over `b`: the preference of a test, given as each item's place in a secret ranking. */
type Prefer = (a: number, b: number) => boolean;

/** The spec's sorter (§4): compare with ranked entries from position 0, insert before the first one beaten. */
function linearSort(n: number, prefer: Prefer): { ranking: number[]; questions: number } {
  const ranked: number[] = [];
  let questions = 0;
  for (let song = 0; song < n; song++) {
    if (ranked.length === 0) {
      ranked.push(song);
      continue;
    }
    let position = 0;
    for (;;) {
      if (position === ranked.length) {
        ranked.push(song);
        break;
      }
      questions += 1;
      if (prefer(song, ranked[position] as number)) {
        ranked.splice(position, 0, song);
        break;
      }
      position += 1;
    }
  }
  return { ranking: ranked, questions };
}

/** Runs our sorter to the end, answering with `prefer`, checking the progress text stays sane. */
function binarySort(n: number, prefer: Prefer): { ranking: number[]; questions: number } {
  let state: SorterState<number> = createSorter(Array.from({ length: n }, (_, i) => i));
  for (;;) {
    const question = nextQuestion(state);
    if (!question) break;
    expect(questionsAsked(state) + 1).toBeLessThanOrEqual(estimatedTotalQuestions(state));
    state = answer(state, prefer(question.left, question.right));
  }
  expect(isDone(state)).toBe(true);
  expect(estimatedTotalQuestions(state)).toBe(questionsAsked(state));
  return { ranking: ranking(state), questions: questionsAsked(state) };
}

function* permutations(n: number): Generator<number[]> {
  const items = Array.from({ length: n }, (_, i) => i);
  function* permute(k: number): Generator<number[]> {
    if (k === n) {
      yield [...items];
      return;
    }
    for (let i = k; i < n; i++) {
      [items[k], items[i]] = [items[i] as number, items[k] as number];
      yield* permute(k + 1);
      [items[k], items[i]] = [items[i] as number, items[k] as number];
    }
  }
  yield* permute(0);
}

/** A small seeded generator, so a failing property run can be replayed. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle(n: number, random: () => number): number[] {
  const items = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j] as number, items[i] as number];
  }
  return items;
}

/** `order` lists items favourite first; the preference that follows from it. */
function preferenceFrom(order: number[]): Prefer {
  const place = new Map(order.map((item, index) => [item, index]));
  return (a, b) => (place.get(a) as number) < (place.get(b) as number);
}

describe('song sorter', () => {
  it('is done at once with no songs or one song', () => {
    const empty = createSorter<string>([]);
    expect(isDone(empty)).toBe(true);
    expect(nextQuestion(empty)).toBeNull();
    expect(ranking(empty)).toEqual([]);
    const single = createSorter(['Only Song']);
    expect(isDone(single)).toBe(true);
    expect(ranking(single)).toEqual(['Only Song']);
  });

  it('puts the first song straight into the ranking and asks about the second against it', () => {
    const state = createSorter(['A', 'B', 'C']);
    expect(ranking(state)).toEqual(['A']);
    expect(nextQuestion(state)).toEqual({ left: 'B', right: 'A', leftIndex: 1, rightIndex: 0 });
  });

  it('ranks a small album by the choices made', () => {
    // The listener's taste: C > A > D > B.
    const taste = ['C', 'A', 'D', 'B'];
    let state = createSorter(['A', 'B', 'C', 'D']);
    for (let question = nextQuestion(state); question; question = nextQuestion(state)) {
      state = answer(state, taste.indexOf(question.left) < taste.indexOf(question.right));
    }
    expect(ranking(state)).toEqual(taste);
  });

  it('keeps two songs with the same title apart', () => {
    let state = createSorter(['Intro', 'Song', 'Intro']);
    while (!isDone(state)) state = answer(state, false);
    expect(ranking(state)).toEqual(['Intro', 'Song', 'Intro']);
    expect(state.ranked).toEqual([0, 1, 2]);
  });

  it('refuses an answer once the sort is over', () => {
    expect(() => answer(createSorter(['A']), true)).toThrow('The sort is already complete');
  });

  it('never changes a state it is given', () => {
    const start = createSorter(['A', 'B', 'C', 'D']);
    const copy = structuredClone(start);
    answer(start, true);
    answer(start, false);
    undo(answer(start, true));
    expect(start).toEqual(copy);
  });

  describe('undo', () => {
    it('does nothing at the start', () => {
      const start = createSorter(['A', 'B', 'C']);
      expect(canUndo(start)).toBe(false);
      expect(undo(start)).toBe(start);
    });

    it('steps back one answer at a time to the exact earlier state', () => {
      const states: SorterState<string>[] = [createSorter(['A', 'B', 'C', 'D', 'E', 'F'])];
      const random = mulberry32(7);
      while (!isDone(states.at(-1) as SorterState<string>)) {
        states.push(answer(states.at(-1) as SorterState<string>, random() < 0.5));
      }
      let state = states.at(-1) as SorterState<string>;
      for (let i = states.length - 2; i >= 0; i--) {
        expect(canUndo(state)).toBe(true);
        state = undo(state);
        expect(state).toEqual(states[i]);
      }
      expect(canUndo(state)).toBe(false);
    });

    it('lets a different answer replace the one taken back', () => {
      const start = createSorter(['A', 'B']);
      const chooseB = answer(start, true);
      expect(ranking(chooseB)).toEqual(['B', 'A']);
      const chooseA = answer(undo(chooseB), false);
      expect(ranking(chooseA)).toEqual(['A', 'B']);
      expect(questionsAsked(chooseA)).toBe(1);
    });
  });

  describe('against the spec’s linear insertion', () => {
    it('gives the same ranking for every consistent preference of up to 7 songs', () => {
      for (let n = 0; n <= 7; n++) {
        let worstBinary = 0;
        let worstLinear = 0;
        let totalBinary = 0;
        let totalLinear = 0;
        for (const order of permutations(n)) {
          const prefer = preferenceFrom(order);
          const linear = linearSort(n, prefer);
          const binary = binarySort(n, prefer);
          expect(binary.ranking).toEqual(order);
          expect(linear.ranking).toEqual(order);
          expect(binary.questions).toBeLessThanOrEqual(maxQuestions(n));
          worstBinary = Math.max(worstBinary, binary.questions);
          worstLinear = Math.max(worstLinear, linear.questions);
          totalBinary += binary.questions;
          totalLinear += linear.questions;
        }
        // Never more questions in the worst case, and never more on average.
        expect(worstBinary).toBe(maxQuestions(n));
        expect(worstBinary).toBeLessThanOrEqual(worstLinear);
        expect(totalBinary).toBeLessThanOrEqual(totalLinear);
      }
    });

    it('gives the same ranking for random preferences of up to 60 songs, within the binary-insertion bound', () => {
      const random = mulberry32(20240611);
      for (let run = 0; run < 300; run++) {
        const n = 1 + Math.floor(random() * 60);
        const order = shuffle(n, random);
        const prefer = preferenceFrom(order);
        const linear = linearSort(n, prefer);
        const binary = binarySort(n, prefer);
        expect(binary.ranking, `run ${run}`).toEqual(linear.ranking);
        expect(binary.ranking).toEqual(order);
        expect(binary.questions).toBeLessThanOrEqual(maxQuestions(n));
        expect(maxQuestions(n)).toBeLessThanOrEqual((n * (n - 1)) / 2);
      }
    });

    it('asks about half the questions or fewer for a typical album', () => {
      const random = mulberry32(99);
      let binary = 0;
      let linear = 0;
      for (let run = 0; run < 200; run++) {
        const prefer = preferenceFrom(shuffle(12, random));
        binary += binarySort(12, prefer).questions;
        linear += linearSort(12, prefer).questions;
      }
      expect(binary / linear).toBeLessThan(0.75);
    });
  });

  it('ends with every song exactly once, whatever the answers, within the question limit', () => {
    const random = mulberry32(3);
    for (let run = 0; run < 300; run++) {
      const n = Math.floor(random() * 25);
      // Inconsistent answers: a coin flip each time.
      const result = binarySort(n, () => random() < 0.5);
      expect([...result.ranking].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
      expect(result.questions).toBeLessThanOrEqual(maxQuestions(n));
    }
  });

  it('counts the worst case as Σ⌈log2(k+1)⌉', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10, 12].map(maxQuestions)).toEqual([0, 0, 1, 3, 5, 8, 11, 25, 33]);
  });
});
