import { createHash } from 'node:crypto';

/**
 * Generated album covers (DESIGN.md decision 10): a deterministic 600×600 SVG, its palette and
 * shapes drawn from a hash of the album id, with the title and artist typeset on it. Served
 * same-origin, so the CSP (img-src 'self') and the sorter's PNG capture both work.
 */

/** Bump with the ?v= of lib/album-image.ts when the artwork changes: it is part of every ETag. */
export const COVER_VERSION = 1;

export function escapeXml(text: string): string {
  return (
    text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
      // Control characters are not allowed in XML 1.0 at all.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
  );
}

/** A small deterministic generator seeded from the id's hash. */
function randomFrom(seed: Buffer): () => number {
  let state = seed.readUInt32LE(0) ^ seed.readUInt32LE(4);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Splits text into at most `maxLines` lines of about `width` characters, ending in … if cut. */
export function wrapText(text: string, width: number, maxLines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (let i = 0; i < words.length; i++) {
    let word = words[i] ?? '';
    if (word.length > width) word = `${word.slice(0, width - 1)}…`;
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length <= width || !line) {
      line = candidate;
      continue;
    }
    lines.push(line);
    line = word;
    if (lines.length === maxLines) {
      line = '';
      const last = lines[maxLines - 1] ?? '';
      lines[maxLines - 1] = `${last.length >= width ? last.slice(0, width - 1) : last}…`;
      return lines;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export interface Cover {
  svg: string;
  etag: string;
}

export function renderCover(album: { id: string; title: string; artistName: string }): Cover {
  const digest = createHash('sha256')
    .update(`${COVER_VERSION}\u0000${album.id}\u0000${album.title}\u0000${album.artistName}`)
    .digest();
  const random = randomFrom(digest);
  const hue = Math.floor(random() * 360);
  const hue2 = (hue + 40 + Math.floor(random() * 100)) % 360;
  const accent = (hue + 180 + Math.floor(random() * 60) - 30) % 360;
  const angle = Math.floor(random() * 4);
  const [x1, y1, x2, y2] = [
    [0, 0, 1, 1],
    [1, 0, 0, 1],
    [0, 0, 0, 1],
    [0, 0, 1, 0],
  ][angle] ?? [0, 0, 1, 1];

  const shapes: string[] = [];
  const kind = Math.floor(random() * 3);
  for (let i = 0; i < 5; i++) {
    const x = Math.round(random() * 600);
    const y = Math.round(random() * 360);
    const size = Math.round(60 + random() * 220);
    const opacity = (0.12 + random() * 0.25).toFixed(2);
    const fill = i % 2 === 0 ? `hsl(${accent} 80% 70%)` : '#ffffff';
    if (kind === 0) {
      shapes.push(`<circle cx="${x}" cy="${y}" r="${size / 2}" fill="${fill}" fill-opacity="${opacity}"/>`);
    } else if (kind === 1) {
      const rotate = Math.round(random() * 90);
      shapes.push(
        `<rect x="${x - size / 2}" y="${y - size / 2}" width="${size}" height="${size}" rx="${Math.round(size / 8)}" ` +
          `fill="${fill}" fill-opacity="${opacity}" transform="rotate(${rotate} ${x} ${y})"/>`,
      );
    } else {
      shapes.push(
        `<circle cx="${x}" cy="${y}" r="${size / 2}" fill="none" stroke="${fill}" stroke-opacity="${opacity}" ` +
          `stroke-width="${Math.round(8 + random() * 24)}"/>`,
      );
    }
  }

  const titleLines = wrapText(album.title, 18, 3);
  const titleSize = titleLines.some((l) => l.length > 14) ? 42 : 52;
  const lineHeight = Math.round(titleSize * 1.15);
  const artistLine = wrapText(album.artistName, 34, 1)[0] ?? '';
  const artistY = 548;
  const titleBottom = artistY - 52;
  const titleTop = titleBottom - (titleLines.length - 1) * lineHeight;
  const title = titleLines
    .map((line, i) => `<tspan x="44" y="${titleTop + i * lineHeight}">${escapeXml(line)}</tspan>`)
    .join('');

  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600" role="img" ` +
    `aria-label="${escapeXml(`${album.title} by ${album.artistName}`)}">` +
    `<defs><linearGradient id="g" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">` +
    `<stop offset="0" stop-color="hsl(${hue} 65% 42%)"/><stop offset="1" stop-color="hsl(${hue2} 70% 22%)"/>` +
    `</linearGradient><linearGradient id="s" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0.45" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/>` +
    `</linearGradient></defs>` +
    `<rect width="600" height="600" fill="url(#g)"/>${shapes.join('')}<rect width="600" height="600" fill="url(#s)"/>` +
    `<text font-family="'Helvetica Neue', Helvetica, Arial, sans-serif" font-size="${titleSize}" font-weight="700" ` +
    `fill="#ffffff">${title}</text>` +
    `<text x="44" y="${artistY}" font-family="'Helvetica Neue', Helvetica, Arial, sans-serif" font-size="28" ` +
    `fill="#ffffff" fill-opacity="0.85">${escapeXml(artistLine)}</text>` +
    `</svg>`;
  return { svg, etag: `"c${COVER_VERSION}-${digest.subarray(0, 12).toString('base64url')}"` };
}
