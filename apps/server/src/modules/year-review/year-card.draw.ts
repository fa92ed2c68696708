import { createRequire } from 'node:module';
import { escapeUTF8 } from 'entities';
import type { OverlayOptions } from 'sharp';
import { imageWork, loadSharp } from '../../lib/square-image.ts';

/**
 * A year in music drawn as a picture to share: 1080×1920 for a phone's stories, 1200×630 for a
 * link's preview (Open Graph). Drawn by sharp (libvips): shapes as SVG, text by Pango in Inter, the
 * typeface the site uses, shipped with the server (@expo-google-fonts/inter, OFL) so every
 * installation draws the same letters whatever fonts its machine has (ADR 55). Only what the card
 * is given is drawn: the caller decides what anyone may see.
 */
export type CardSize = 'story' | 'wide';

export interface CardText {
  displayName: string;
  year: number;
  albumsRated: number;
  songsRated: number;
  listens: number;
  topArtist: string | null;
  topSong: { title: string; artistName: string } | null;
  /** Where the card comes from: the site's host name. */
  host: string;
}

export interface CardInput extends CardText {
  /** The top albums' covers, any format sharp reads, best first. */
  covers: Buffer[];
}

const require = createRequire(import.meta.url);
const FONT = {
  regular: { file: require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'), name: 'Inter' },
  bold: {
    file: require.resolve('@expo-google-fonts/inter/800ExtraBold/Inter_800ExtraBold.ttf'),
    name: 'Inter ExtraBold',
  },
} as const;

const COLOR = { text: '#ffffff', muted: '#b4bccc', accent: '#6f9bff', star: '#f5c518' } as const;

interface TextStyle {
  weight: keyof typeof FONT;
  size: number;
  color: string;
  width: number;
  /** Longer text is cut, with an ellipsis, until it fits in this many lines. */
  lines: number;
  align?: 'left' | 'right';
}

/** Pango reads markup: a title's `&` or `<` is text, never a tag. Control characters are dropped. */
export function markupText(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: exactly the characters to drop
  return escapeUTF8(text.replace(/[\u0000-\u001f\u007f]/g, ' '));
}

async function drawText(text: string, style: TextStyle): Promise<{ input: Buffer; height: number; width: number }> {
  const font = FONT[style.weight];
  const lineHeight = Math.ceil(style.size * 1.25);
  let shown = [...text];
  for (let attempt = 0; ; attempt++) {
    const content = shown.length < [...text].length ? `${shown.join('').trimEnd()}…` : text;
    const sharp = await loadSharp();
    const { data, info } = await sharp({
      text: {
        text: `<span foreground="${style.color}">${markupText(content)}</span>`,
        font: `${font.name} ${style.size}`,
        fontfile: font.file,
        width: style.width,
        wrap: 'word-char',
        align: style.align ?? 'left',
        rgba: true,
      },
    })
      .png()
      .toBuffer({ resolveWithObject: true });
    if (info.height <= lineHeight * style.lines || shown.length <= 1 || attempt >= 8) {
      return { input: data, height: info.height, width: info.width };
    }
    shown = shown.slice(0, Math.max(1, Math.floor(shown.length * 0.8)));
  }
}

/** A cover cut square, with rounded corners, at `size` pixels; null when the bytes are not a picture. */
async function drawCover(bytes: Buffer, size: number): Promise<Buffer | null> {
  const radius = Math.round(size * 0.06);
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" rx="${radius}"/></svg>`,
  );
  const sharp = await loadSharp();
  return sharp(bytes, { limitInputPixels: 4096 * 4096 })
    .resize(size, size, { fit: 'cover' })
    .ensureAlpha()
    .composite([{ input: mask, blend: 'dest-in' }])
    .png()
    .toBuffer()
    .catch(() => null);
}

function background(width: number, height: number): Buffer {
  const r = Math.round(Math.max(width, height) * 0.45);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs>
        <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stop-color="#121521"/><stop offset="1" stop-color="#1d2640"/>
        </linearGradient>
        <radialGradient id="glow"><stop offset="0" stop-color="#2f6fed" stop-opacity="0.45"/><stop offset="1" stop-color="#2f6fed" stop-opacity="0"/></radialGradient>
      </defs>
      <rect width="${width}" height="${height}" fill="url(#g)"/>
      <circle cx="${width}" cy="0" r="${r}" fill="url(#glow)"/>
      <circle cx="0" cy="${height}" r="${Math.round(r * 0.8)}" fill="url(#glow)"/>
    </svg>`,
  );
}

const count = (n: number) => n.toLocaleString('en');
const titleOf = (input: CardText) => `${input.displayName}'s ${input.year} in music`;
const NUMBERS = [
  ['albumsRated', 'albums rated'],
  ['songsRated', 'songs rated'],
  ['listens', 'listens'],
] as const;

interface Placed {
  /** Null: nothing to draw there (a cover that could not be read). */
  layer: Promise<{ input: Buffer; height: number; width: number }> | Promise<Buffer | null>;
  left: number;
  top: number;
  /** Right-aligned text is placed by its right edge. */
  right?: number;
}

async function compose(width: number, height: number, placed: Placed[]): Promise<Buffer> {
  const layers: OverlayOptions[] = [];
  for (const item of placed) {
    const drawn = await item.layer;
    if (drawn === null) continue;
    const input = Buffer.isBuffer(drawn) ? drawn : drawn.input;
    const left = item.right !== undefined && !Buffer.isBuffer(drawn) ? item.right - drawn.width : item.left;
    layers.push({ input, left: Math.round(left), top: Math.round(item.top) });
  }
  const sharp = await loadSharp();
  return sharp(background(width, height)).composite(layers).png({ compressionLevel: 8 }).toBuffer();
}

function wide(input: CardInput): Promise<Buffer> {
  const W = 1200;
  const H = 630;
  const margin = 64;
  const placed: Placed[] = [
    {
      layer: drawText('liner', { weight: 'bold', size: 34, color: COLOR.accent, width: 300, lines: 1 }),
      left: margin,
      top: 44,
    },
    {
      layer: drawText(input.host, {
        weight: 'regular',
        size: 24,
        color: COLOR.muted,
        width: 600,
        lines: 1,
        align: 'right',
      }),
      left: 0,
      right: W - margin,
      top: 52,
    },
    {
      layer: drawText(titleOf(input), { weight: 'bold', size: 54, color: COLOR.text, width: W - 2 * margin, lines: 2 }),
      left: margin,
      top: 104,
    },
  ];
  NUMBERS.forEach(([key, label], i) => {
    const left = margin + i * 300;
    placed.push(
      {
        layer: drawText(count(input[key]), { weight: 'bold', size: 56, color: COLOR.text, width: 280, lines: 1 }),
        left,
        top: 262,
      },
      {
        layer: drawText(label, { weight: 'regular', size: 24, color: COLOR.muted, width: 280, lines: 1 }),
        left,
        top: 334,
      },
    );
  });
  const size = 168;
  input.covers.slice(0, 5).forEach((cover, i) => {
    placed.push({ layer: drawCover(cover, size), left: margin + i * (size + 24), top: 410 });
  });
  return compose(W, H, placed);
}

function story(input: CardInput): Promise<Buffer> {
  const W = 1080;
  const H = 1920;
  const margin = 80;
  const placed: Placed[] = [
    {
      layer: drawText('liner', { weight: 'bold', size: 52, color: COLOR.accent, width: 400, lines: 1 }),
      left: margin,
      top: 96,
    },
    {
      layer: drawText(titleOf(input), { weight: 'bold', size: 96, color: COLOR.text, width: W - 2 * margin, lines: 3 }),
      left: margin,
      top: 220,
    },
  ];
  NUMBERS.forEach(([key, label], i) => {
    const top = 640 + i * 200;
    placed.push(
      {
        layer: drawText(count(input[key]), { weight: 'bold', size: 112, color: COLOR.text, width: 900, lines: 1 }),
        left: margin,
        top,
      },
      {
        layer: drawText(label, { weight: 'regular', size: 40, color: COLOR.muted, width: 900, lines: 1 }),
        left: margin + 4,
        top: top + 130,
      },
    );
  });
  const size = 290;
  input.covers.slice(0, 3).forEach((cover, i) => {
    placed.push({ layer: drawCover(cover, size), left: margin + i * (size + 25), top: 1290 });
  });
  const facts: [string, string][] = [];
  if (input.topArtist) facts.push(['Top artist', input.topArtist]);
  if (input.topSong) facts.push(['Top song', `${input.topSong.title} · ${input.topSong.artistName}`]);
  facts.forEach(([label, value], i) => {
    const top = 1620 + i * 110;
    placed.push(
      {
        layer: drawText(label, { weight: 'regular', size: 34, color: COLOR.muted, width: 900, lines: 1 }),
        left: margin,
        top,
      },
      {
        layer: drawText(value, { weight: 'bold', size: 44, color: COLOR.text, width: 920, lines: 1 }),
        left: margin,
        top: top + 44,
      },
    );
  });
  placed.push({
    layer: drawText(input.host, { weight: 'regular', size: 32, color: COLOR.muted, width: 900, lines: 1 }),
    left: margin,
    top: 1845,
  });
  return compose(W, H, placed);
}

export const CARD_SIZES: Record<CardSize, { width: number; height: number }> = {
  story: { width: 1080, height: 1920 },
  wide: { width: 1200, height: 630 },
};

/**
 * The card as a PNG, drawn in the queue every picture goes through: a burst of cards waits for
 * the two cores' turn, or is told to come back (503), rather than taking them from everyone.
 */
export function drawYearCard(input: CardInput, size: CardSize): Promise<Buffer> {
  return imageWork.run(() => (size === 'story' ? story(input) : wide(input)));
}
