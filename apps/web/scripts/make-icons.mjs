// Writes the app's icons (public/icons/) from the mark in public/favicon.svg: the sizes install
// prompts, home screens and stores ask for, and a maskable one whose mark sits inside the middle
// 80 % that every mask keeps. Run again when the mark changes: node apps/web/scripts/make-icons.mjs
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public');
const BACKGROUND = '#0f1115';
const MARK = '#4f8cff';

/** The mark on a square: `inset` is the share of the side left empty around it. */
function svg(size, { rounded, inset }) {
  const box = 32 / (1 - 2 * inset);
  const offset = (box - 32) / 2;
  const radius = rounded ? 7 * (box / 32) : 0;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="${-offset} ${-offset} ${box} ${box}">` +
      `<rect x="${-offset}" y="${-offset}" width="${box}" height="${box}" rx="${radius}" fill="${BACKGROUND}"/>` +
      `<path d="M9 7v18h14" stroke="${MARK}" stroke-width="4" fill="none" stroke-linecap="round"/></svg>`,
  );
}

const icons = [
  { file: 'icon-192.png', size: 192, rounded: true, inset: 0 },
  { file: 'icon-512.png', size: 512, rounded: true, inset: 0 },
  { file: 'icon-maskable-512.png', size: 512, rounded: false, inset: 0.12 },
  { file: 'apple-touch-icon.png', size: 180, rounded: false, inset: 0.08 },
];
mkdirSync(path.join(publicDir, 'icons'), { recursive: true });
for (const icon of icons) {
  await sharp(svg(icon.size, icon))
    .png({ compressionLevel: 9 })
    .toFile(path.join(publicDir, 'icons', icon.file));
}
