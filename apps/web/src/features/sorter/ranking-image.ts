import { IMAGE_CAPTURE_TIMEOUT_MS } from '@liner/shared';

/**
 * Draws the ranking card on a canvas and encodes it as PNG, with no library: text with fillText,
 * the cover with drawImage. Covers are same-origin (DESIGN.md decision 10), so the canvas stays
 * exportable; if a cover still taints it, the card is drawn again without one.
 */

export interface RankingImage {
  title: string;
  albumName: string | null;
  artists: string;
  songs: string[];
  coverUrl: string | null;
  /** Small print at the bottom, e.g. the site's address. */
  footer: string;
}

export const CAPTURE_TIMEOUT_MESSAGE = 'Capturing the image took too long. Please try again.';

const WIDTH = 1080;
const PAD = 72;
const COVER = 300;
const ROW = 64;
const FONT = 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';

/** The page's theme tokens (styles/theme.css), read as the card is drawn so the PNG wears the same colours. */
function themeColours() {
  const style = getComputedStyle(document.documentElement);
  const token = (name: string) => style.getPropertyValue(name).trim();
  return {
    bgTop: token('--color-surface'),
    bgBottom: token('--color-bg'),
    text: token('--color-text'),
    muted: token('--color-text-muted'),
    primary: token('--color-link'),
    rule: token('--color-border'),
    rowAlt: token('--color-row-stripe'),
    coverStart: token('--color-ranking-cover-start'),
    coverEnd: token('--color-ranking-cover-end'),
  };
}

function loadImage(src: string): Promise<HTMLImageElement | null> {
  return new Promise((resolve) => {
    const image = new Image();
    image.decoding = 'async';
    image.onload = () => resolve(image);
    image.onerror = () => resolve(null);
    image.src = src;
  });
}

/** Cuts text to fit, ending in an ellipsis. */
function fit(ctx: CanvasRenderingContext2D, text: string, maxWidth: number): string {
  if (ctx.measureText(text).width <= maxWidth) return text;
  let end = text.length;
  while (end > 0 && ctx.measureText(`${text.slice(0, end)}…`).width > maxWidth) end--;
  return `${text.slice(0, end).trimEnd()}…`;
}

/** Breaks text into at most `maxLines` lines; the last one ends in an ellipsis if cut. */
function wrap(ctx: CanvasRenderingContext2D, text: string, maxWidth: number, maxLines: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (let i = 0; i < words.length; i++) {
    const candidate = line ? `${line} ${words[i]}` : (words[i] as string);
    if (ctx.measureText(candidate).width <= maxWidth || !line) {
      line = candidate;
      continue;
    }
    if (lines.length === maxLines - 1) {
      lines.push(fit(ctx, `${line} ${words.slice(i).join(' ')}`, maxWidth));
      return lines;
    }
    lines.push(line);
    line = words[i] as string;
  }
  if (line) lines.push(fit(ctx, line, maxWidth));
  return lines;
}

function roundedRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

function draw(card: RankingImage, cover: HTMLImageElement | null): HTMLCanvasElement {
  const listTop = PAD + COVER + 56;
  const height = listTop + card.songs.length * ROW + 40 + 72;
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas is not available');
  const colors = themeColours();

  const background = ctx.createLinearGradient(0, 0, 0, height);
  background.addColorStop(0, colors.bgTop);
  background.addColorStop(1, colors.bgBottom);
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, WIDTH, height);
  ctx.fillStyle = colors.primary;
  ctx.fillRect(0, 0, WIDTH, 8);

  // Cover, or a gradient square in its place.
  ctx.save();
  roundedRect(ctx, PAD, PAD, COVER, COVER, 20);
  ctx.clip();
  if (cover) {
    ctx.drawImage(cover, PAD, PAD, COVER, COVER);
  } else {
    const placeholder = ctx.createLinearGradient(PAD, PAD, PAD + COVER, PAD + COVER);
    placeholder.addColorStop(0, colors.coverStart);
    placeholder.addColorStop(1, colors.coverEnd);
    ctx.fillStyle = placeholder;
    ctx.fillRect(PAD, PAD, COVER, COVER);
  }
  ctx.restore();

  const textX = PAD + COVER + 48;
  const textWidth = WIDTH - textX - PAD;
  ctx.textBaseline = 'top';
  ctx.fillStyle = colors.text;
  ctx.font = `700 52px ${FONT}`;
  let y = PAD + 4;
  for (const line of wrap(ctx, card.title, textWidth, 3)) {
    ctx.fillText(line, textX, y);
    y += 62;
  }
  y += 12;
  if (card.albumName) {
    ctx.font = `600 30px ${FONT}`;
    ctx.fillStyle = colors.text;
    ctx.fillText(fit(ctx, card.albumName, textWidth), textX, y);
    y += 42;
  }
  if (card.artists) {
    ctx.font = `400 28px ${FONT}`;
    ctx.fillStyle = colors.muted;
    ctx.fillText(fit(ctx, card.artists, textWidth), textX, y);
  }

  ctx.fillStyle = colors.rule;
  ctx.fillRect(PAD, listTop - 24, WIDTH - 2 * PAD, 2);

  card.songs.forEach((song, index) => {
    const rowY = listTop + index * ROW;
    if (index % 2 === 1) {
      ctx.fillStyle = colors.rowAlt;
      ctx.fillRect(PAD, rowY, WIDTH - 2 * PAD, ROW);
    }
    ctx.textBaseline = 'middle';
    ctx.font = `700 30px ${FONT}`;
    ctx.fillStyle = index === 0 ? colors.primary : colors.muted;
    ctx.textAlign = 'right';
    ctx.fillText(`${index + 1}.`, PAD + 72, rowY + ROW / 2);
    ctx.textAlign = 'left';
    ctx.font = `${index === 0 ? 700 : 500} 30px ${FONT}`;
    ctx.fillStyle = colors.text;
    ctx.fillText(fit(ctx, song, WIDTH - 2 * PAD - 104), PAD + 96, rowY + ROW / 2);
  });

  ctx.textBaseline = 'alphabetic';
  ctx.font = `500 24px ${FONT}`;
  ctx.fillStyle = colors.muted;
  ctx.fillText(card.footer, PAD, height - PAD + 20);
  return canvas;
}

function toPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    // toBlob throws a SecurityError on a tainted canvas; a null blob means encoding failed.
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Could not encode the image'))), 'image/png');
  });
}

async function render(card: RankingImage): Promise<Blob> {
  const cover = card.coverUrl ? await loadImage(card.coverUrl) : null;
  try {
    return await toPng(draw(card, cover));
  } catch (error) {
    if (!cover || !(error instanceof DOMException && error.name === 'SecurityError')) throw error;
    return toPng(draw(card, null));
  }
}

/** The ranking card as a PNG, or a rejection after 15 s (spec §9, image capture time-out). */
export function renderRankingImage(card: RankingImage, timeoutMs = IMAGE_CAPTURE_TIMEOUT_MS): Promise<Blob> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(CAPTURE_TIMEOUT_MESSAGE)), timeoutMs);
  });
  return Promise.race([render(card), timeout]).finally(() => clearTimeout(timer));
}

/** Saves a blob through a temporary download link. */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download by now; give it a moment before letting go of the bytes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
