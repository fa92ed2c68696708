import { createHash } from 'node:crypto';

/**
 * Generated album covers: a deterministic 600×600 SVG for an album without a real cover. A hash of
 * the album id picks one of a few abstract compositions, a hand-picked palette and the composition's
 * proportions, so neighbouring cards look unrelated. There is no text in the art: the card prints
 * the title and artist beside it. Served same-origin, so the CSP (img-src 'self') and the sorter's
 * PNG capture both work.
 */

/** Bump with the ?v= of lib/album-image.ts when the artwork changes: it is part of every ETag. */
export const COVER_VERSION = 2;

const SIZE = 600;

/** A background and three or four colours that sit well on it and on each other. */
interface Palette {
  bg: string;
  colors: readonly string[];
}

const PALETTES: readonly Palette[] = [
  { bg: '#1d2540', colors: ['#f26b5b', '#f7c59f', '#2a9d8f', '#efe6dd'] },
  { bg: '#efe3cf', colors: ['#264653', '#2a9d8f', '#e9c46a', '#e76f51'] },
  { bg: '#f2ebdc', colors: ['#d7402b', '#1f4e8c', '#f0b323', '#1b1b1b'] },
  { bg: '#17301f', colors: ['#7fb77e', '#f1e3b5', '#d98e4a'] },
  { bg: '#2b1d3a', colors: ['#e6a4b4', '#f3d7ca', '#7b5ea7', '#c0577a'] },
  { bg: '#0b3d5c', colors: ['#5fb4c9', '#f4efe6', '#e8a33d'] },
  { bg: '#f5ecd9', colors: ['#a63d2a', '#d98a4e', '#3b2a24', '#7c8b6f'] },
  { bg: '#dff1e8', colors: ['#4b2e52', '#e07a5f', '#81b29a', '#f2cc8f'] },
  { bg: '#10182b', colors: ['#3456a4', '#7aa3e5', '#e8eef9', '#f2b84b'] },
  { bg: '#e8b73a', colors: ['#1f2a44', '#f6efe0', '#c4462d'] },
  { bg: '#f6dcd6', colors: ['#b23a48', '#3c2f3d', '#f2a97e', '#6d8a96'] },
  { bg: '#3f4a2b', colors: ['#c9b77c', '#e8dfc6', '#a65d3f'] },
  { bg: '#0f2027', colors: ['#2ec4b6', '#ff9f1c', '#cbf3f0', '#d64550'] },
  { bg: '#e9e1f2', colors: ['#5b3f8c', '#e28f83', '#2d2a4a', '#9fb8ad'] },
  { bg: '#c8553d', colors: ['#f3e3c3', '#2d3047', '#f28f3b'] },
  { bg: '#1f1f1f', colors: ['#d4a84b', '#e8e1d3', '#a8432f', '#5e7f8c'] },
  { bg: '#cfe3ef', colors: ['#1d3557', '#e63946', '#f1faee', '#457b9d'] },
  { bg: '#5c1a1b', colors: ['#e8a87c', '#f6e7d7', '#c38d3c'] },
  { bg: '#b7c4a7', colors: ['#2f3e46', '#f0ead2', '#c06c3f', '#52796f'] },
  { bg: '#1a1030', colors: ['#ff6f91', '#ffc75f', '#845ec2', '#f9f871'] },
  { bg: '#f4f1ea', colors: ['#222222', '#d1603d', '#8aa65b', '#2a9d9a'] },
  { bg: '#283618', colors: ['#fefae0', '#dda15e', '#bc6c25', '#606c38'] },
];

/** A small deterministic generator seeded from the id's hash. */
class Random {
  private state: number;

  constructor(seed: Buffer) {
    this.state = seed.readUInt32LE(0) ^ seed.readUInt32LE(4);
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = Math.imul(this.state ^ (this.state >>> 15), 1 | this.state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  int(min: number, max: number): number {
    return Math.floor(this.between(min, max + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  }
}

/** One decimal is plenty at 600 px and keeps the SVG small. */
const n = (value: number): string => String(Math.round(value * 10) / 10);

const circle = (cx: number, cy: number, r: number, fill: string, extra = ''): string =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${extra}/>`;

const rect = (x: number, y: number, width: number, height: number, fill: string): string =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(width)}" height="${n(height)}" fill="${fill}"/>`;

/** Colours from the palette in turn, never the same one twice in a row. */
function cycle(random: Random, colors: readonly string[]): () => string {
  const order = random.shuffle(colors);
  let i = random.int(0, order.length - 1);
  return () => order[i++ % order.length] as string;
}

type Composition = (random: Random, palette: Palette) => string;

/** Concentric rings around the centre, an off-centre point, the bottom edge (a rainbow) or a corner. */
const rings: Composition = (random, { bg, colors }) => {
  const [cx, cy] = random.pick([
    [300, 300],
    [random.between(180, 420), random.between(180, 420)],
    [300, 600],
    [random.pick([0, 600]), random.pick([0, 600])],
  ]) as [number, number];
  const reach = Math.max(Math.hypot(cx, cy), Math.hypot(600 - cx, cy), Math.hypot(cx, 600 - cy));
  const count = random.int(5, 9);
  const outer = Math.min(reach, random.between(0.75, 1.05) * reach);
  const step = outer / (count + random.between(0.3, 1.2));
  const next = cycle(random, [...colors, bg]);
  const parts: string[] = [];
  for (let i = 0; i < count; i++) parts.push(circle(cx, cy, outer - i * step, next()));
  return parts.join('');
};

/** Parallel bands of uneven widths, level, upright or on a diagonal, sometimes under a sun. */
const bands: Composition = (random, { bg, colors }) => {
  const angle = random.pick([0, 90, 45, -45, 30, -60]);
  const next = cycle(random, [...colors, bg]);
  const parts: string[] = [];
  for (let y = -300; y < 900; ) {
    const height = random.pick([24, 40, 64, 96, 140]);
    parts.push(rect(-300, y, 1200, height, next()));
    y += height;
  }
  let art = `<g transform="rotate(${angle} 300 300)">${parts.join('')}</g>`;
  if (random.chance(0.4)) {
    art += circle(random.between(200, 400), random.between(200, 400), random.between(90, 150), random.pick(colors));
  }
  return art;
};

/** A grid of discs, one of them different. */
const dots: Composition = (random, { bg, colors }) => {
  const count = random.pick([3, 4, 5, 6]);
  const cell = SIZE / count;
  const radius = cell * random.between(0.3, 0.44);
  const main = random.pick(colors);
  const others = colors.filter((color) => color !== main);
  const odd = random.int(0, count * count - 1);
  const mixed = random.chance(0.5);
  const parts = [rect(0, 0, SIZE, SIZE, bg)];
  for (let i = 0; i < count * count; i++) {
    const cx = (i % count) * cell + cell / 2;
    const cy = Math.floor(i / count) * cell + cell / 2;
    if (i === odd) parts.push(circle(cx, cy, cell * 0.46, random.pick(others)));
    else parts.push(circle(cx, cy, radius, mixed && random.chance(0.3) ? random.pick(others) : main));
  }
  return parts.join('');
};

/** Bauhaus tiles: each square holds a quarter disc, a half disc or a whole one. */
const tiles: Composition = (random, { bg, colors }) => {
  const count = random.pick([2, 3, 4]);
  const cell = SIZE / count;
  const side = cell + 0.5; // overlap by half a pixel so no seam shows between tiles
  const all = [bg, ...colors];
  const parts: string[] = [];
  for (let i = 0; i < count * count; i++) {
    const back = random.pick(all);
    const front = random.pick(all.filter((color) => color !== back));
    const kind = random.int(0, 2);
    const [cx, cy, r] =
      kind === 0
        ? [random.pick([0, cell]), random.pick([0, cell]), cell]
        : kind === 1
          ? [
              ...random.pick([
                [cell / 2, 0],
                [cell, cell / 2],
                [cell / 2, cell],
                [0, cell / 2],
              ]),
              cell / 2,
            ]
          : [cell / 2, cell / 2, cell * 0.36];
    // A nested <svg> is a viewport: it clips the disc to its tile without a clipPath per tile.
    parts.push(
      `<svg x="${n((i % count) * cell)}" y="${n(Math.floor(i / count) * cell)}" width="${n(side)}" height="${n(side)}">` +
        `${rect(0, 0, side, side, back)}${circle(cx ?? 0, cy ?? 0, r ?? 0, front)}</svg>`,
    );
  }
  return parts.join('');
};

/** Large soft colour fields, blended like light through a window. */
const glow: Composition = (random, { bg, colors }) => {
  // Greys and near-blacks blended over another colour turn to mud; only vivid colours glow.
  const vivid = colors.filter((color) => chroma(color) > 0.3);
  const pool = vivid.length > 0 ? vivid : colors;
  // At least two lights: a palette with one vivid colour glows with it twice.
  const lights = random.shuffle(pool.length >= 2 ? pool : [...pool, ...pool]).slice(0, 3);
  const defs: string[] = [];
  const parts = [rect(0, 0, SIZE, SIZE, bg)];
  lights.forEach((color, i) => {
    defs.push(
      `<radialGradient id="glow${i}"><stop offset="0" stop-color="${color}"/>` +
        `<stop offset="0.5" stop-color="${color}" stop-opacity="0.6"/>` +
        `<stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`,
    );
    // Each light gets its own vertical strip, so they do not pile up in one muddy spot.
    const x = ((i + random.between(0.1, 0.9)) * SIZE) / lights.length;
    parts.push(circle(x, random.between(60, 540), random.between(260, 380), `url(#glow${i})`));
  });
  // One crisp mark gives the soft fields something to focus on, even at thumbnail size.
  const [x, y] = [random.between(170, 430), random.between(170, 430)];
  const focus = random.pick(colors.filter((color) => color !== bg));
  parts.push(
    random.chance(0.5)
      ? circle(x, y, random.between(28, 56), focus)
      : circle(x, y, random.between(70, 130), 'none', ` stroke="${focus}" stroke-width="${n(random.between(9, 16))}"`),
  );
  return `<defs>${defs.join('')}</defs>${parts.join('')}`;
};

/** How far a #rrggbb colour is from grey, 0–1: near-whites and near-blacks score low. */
function chroma(hex: string): number {
  const channels = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255);
  return Math.max(...channels) - Math.min(...channels);
}

/** A record sliding out of its sleeve: grooves, a sheen and a coloured label. */
const disc: Composition = (random, { bg, colors }) => {
  const [sleeve, label, hole] = random.shuffle(colors);
  const r = random.between(225, 262);
  const cx = random.between(330, 600 - r + 40);
  const cy = random.between(280, 320);
  const parts = [
    rect(0, 0, SIZE, SIZE, bg),
    `<defs><linearGradient id="sheen" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0.3" stop-color="#fff" stop-opacity="0"/><stop offset="0.5" stop-color="#fff" stop-opacity="0.16"/>` +
      `<stop offset="0.7" stop-color="#fff" stop-opacity="0"/></linearGradient></defs>`,
    circle(cx, cy, r, '#141414'),
  ];
  for (let groove = r - 10; groove > 92; groove -= random.between(9, 16)) {
    parts.push(circle(cx, cy, groove, 'none', ' stroke="#fff" stroke-opacity="0.07" stroke-width="1.5"'));
  }
  parts.push(circle(cx, cy, r, 'url(#sheen)'), circle(cx, cy, 78, label ?? bg), circle(cx, cy, 7, hole ?? bg));
  if (random.chance(0.7)) parts.push(rect(0, 0, cx - random.between(40, 130), SIZE, sleeve ?? bg));
  return parts.join('');
};

/** Nested squares sitting low in each other, after Albers's Homage to the Square. */
const squares: Composition = (random, { bg, colors }) => {
  const order = [bg, ...random.shuffle(colors)].slice(0, random.int(3, 4));
  const parts: string[] = [];
  const drop = random.between(0.25, 0.4);
  order.forEach((color, i) => {
    const side = SIZE * (1 - i * (0.8 / order.length));
    const x = (SIZE - side) / 2;
    const y = (SIZE - side) * (1 - drop);
    parts.push(rect(x, y, side, side, color));
  });
  return parts.join('');
};

/** A sun over a horizon, its reflection broken into bars on the water. */
const horizon: Composition = (random, { bg, colors }) => {
  const [sky, sun, sea] = random.shuffle(colors);
  const line = random.between(330, 420);
  const r = random.between(95, 160);
  const cx = random.between(180, 420);
  const parts = [
    rect(0, 0, SIZE, line, sky ?? bg),
    circle(cx, line - random.between(0.2, 0.8) * r, r, sun ?? bg),
    rect(0, line, SIZE, SIZE - line, sea ?? bg),
  ];
  for (let y = line + 14, width = r * 1.7; y < SIZE - 10 && width > 12; y += 22, width *= 0.72) {
    parts.push(rect(cx - width / 2, y, width, 9, sun ?? bg));
  }
  return parts.join('');
};

/** Rolling layers of hills, one colour behind another. */
const hills: Composition = (random, { bg, colors }) => {
  const layers = random.int(4, 6);
  const next = cycle(random, colors);
  const parts = [rect(0, 0, SIZE, SIZE, bg)];
  if (random.chance(0.6))
    parts.push(circle(random.between(120, 480), random.between(90, 200), random.between(40, 80), next()));
  for (let i = 0; i < layers; i++) {
    const base = 180 + (i * 400) / layers;
    const swing = random.between(30, 80);
    const [a, b] = [base + random.between(-swing, swing), base + random.between(-swing, swing)];
    parts.push(
      `<path d="M0 ${n(base)}C${n(random.between(100, 250))} ${n(a - swing)} ${n(random.between(350, 500))} ${n(b + swing)} 600 ${n(base + random.between(-40, 40))}V600H0Z" fill="${next()}"/>`,
    );
  }
  return parts.join('');
};

const COMPOSITIONS: readonly Composition[] = [rings, bands, dots, tiles, glow, disc, squares, horizon, hills];

export interface Cover {
  svg: string;
  etag: string;
}

/**
 * The cover of an album that has no real one. Only the id picks the artwork, so fixing a title's
 * typo keeps the picture people recognise; the title and artist are printed by the card, not here.
 */
export function renderCover(album: { id: string; title: string; artistName: string }): Cover {
  const digest = createHash('sha256').update(`${COVER_VERSION}\u0000${album.id}`).digest();
  const random = new Random(digest);
  // The composition and palette come straight from the digest, so they vary independently.
  const compose = COMPOSITIONS[digest.readUInt16LE(8) % COMPOSITIONS.length] as Composition;
  const palette = PALETTES[digest.readUInt16LE(10) % PALETTES.length] as Palette;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}">` +
    `<rect width="${SIZE}" height="${SIZE}" fill="${palette.bg}"/>${compose(random, palette)}</svg>`;
  return { svg, etag: `"c${COVER_VERSION}-${digest.subarray(0, 12).toString('base64url')}"` };
}
