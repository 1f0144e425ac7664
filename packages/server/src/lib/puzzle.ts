import crypto from 'node:crypto';
import { lt } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { LOGIN_GUARD, type PuzzleChallenge } from '@oj/shared';
import type { Database } from '../db/client.js';
import { usedPuzzles } from '../db/schema/index.js';
import { getSecrets } from './secrets.js';

const { width: W, height: H, piece: L, radius: R, validSec } = LOGIN_GUARD.puzzle;
/** The piece image: the 42 px square plus the knobs sticking out by R on the top and the right. */
export const PIECE_BOX = L + R;
/** An answer within this many pixels of the cut is accepted. */
export const PUZZLE_TOLERANCE = 4;
/** Where the cut may be: never at the start of the track, always fully inside the image. */
export const PUZZLE_X_MIN = 60;
export const PUZZLE_X_MAX = W - L - R;

type Rgb = [number, number, number];

/** Hue/saturation/lightness to RGB, so random colours stay pleasant (no mud, no neon). */
function hsl(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

const rand = (min: number, max: number) => min + Math.random() * (max - min);

/** A random picture: gradient, overlapping translucent shapes and grain, different every time. */
function background(): Float32Array {
  const px = new Float32Array(W * H * 3);
  const hue = rand(0, 360);
  const c1 = hsl(hue, rand(0.35, 0.7), rand(0.35, 0.6));
  const c2 = hsl((hue + rand(90, 200)) % 360, rand(0.35, 0.7), rand(0.35, 0.65));
  const angle = rand(0, Math.PI * 2);
  const dx = Math.cos(angle);
  const dy = Math.sin(angle);
  const span = Math.abs(dx) * W + Math.abs(dy) * H;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const t = ((x - W / 2) * dx + (y - H / 2) * dy) / span + 0.5;
      const i = (y * W + x) * 3;
      for (let c = 0; c < 3; c++) px[i + c] = c1[c]! * (1 - t) + c2[c]! * t;
    }
  }
  const blend = (x: number, y: number, color: Rgb, alpha: number) => {
    if (x < 0 || y < 0 || x >= W || y >= H || alpha <= 0) return;
    const i = (y * W + x) * 3;
    for (let c = 0; c < 3; c++) px[i + c] = px[i + c]! * (1 - alpha) + color[c]! * alpha;
  };
  const shapes = Math.floor(rand(14, 22));
  for (let s = 0; s < shapes; s++) {
    const color = hsl(rand(0, 360), rand(0.3, 0.8), rand(0.25, 0.8));
    const alpha = rand(0.25, 0.65);
    const kind = Math.random();
    if (kind < 0.45) {
      const cx = rand(0, W),
        cy = rand(0, H),
        r = rand(6, 34);
      for (let y = Math.floor(cy - r - 1); y <= cy + r + 1; y++)
        for (let x = Math.floor(cx - r - 1); x <= cx + r + 1; x++) {
          const d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
          blend(x, y, color, alpha * Math.max(0, Math.min(1, r - d + 0.5)));
        }
    } else if (kind < 0.75) {
      const x0 = Math.floor(rand(-20, W)),
        y0 = Math.floor(rand(-20, H)),
        w = rand(10, 70),
        h = rand(8, 50);
      for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) blend(x, y, color, alpha);
    } else {
      const ax = rand(0, W),
        ay = rand(0, H),
        bx = rand(0, W),
        by = rand(0, H),
        half = rand(1, 4);
      const len2 = (bx - ax) ** 2 + (by - ay) ** 2 || 1;
      for (let y = Math.floor(Math.min(ay, by) - half - 1); y <= Math.max(ay, by) + half + 1; y++)
        for (let x = Math.floor(Math.min(ax, bx) - half - 1); x <= Math.max(ax, bx) + half + 1; x++) {
          const t = Math.max(0, Math.min(1, ((x + 0.5 - ax) * (bx - ax) + (y + 0.5 - ay) * (by - ay)) / len2));
          const d = Math.hypot(x + 0.5 - (ax + t * (bx - ax)), y + 0.5 - (ay + t * (by - ay)));
          blend(x, y, color, alpha * Math.max(0, Math.min(1, half - d + 0.5)));
        }
    }
  }
  for (let i = 0; i < px.length; i += 3) {
    const grain = rand(-9, 9);
    for (let c = 0; c < 3; c++) px[i + c] = px[i + c]! + grain + rand(-3, 3);
  }
  return px;
}

/** Jigsaw shape: square with a knob on top and on the right and a notch on the left. */
function insideShape(x: number, y: number): boolean {
  const inSquare = x >= 0 && x < L && y >= R && y < R + L;
  const topKnob = Math.hypot(x - L / 2, y - R) < R;
  const rightKnob = Math.hypot(x - L, y - (R + L / 2)) < R;
  const leftNotch = Math.hypot(x, y - (R + L / 2)) < R * 0.7;
  return (inSquare || topKnob || rightKnob) && !leftNotch;
}

/** Coverage of each piece pixel (4×4 supersampling, so the edges are smooth). */
function pieceMask(): Float32Array {
  const mask = new Float32Array(PIECE_BOX * PIECE_BOX);
  for (let y = 0; y < PIECE_BOX; y++)
    for (let x = 0; x < PIECE_BOX; x++) {
      let n = 0;
      for (let sy = 0; sy < 4; sy++) for (let sx = 0; sx < 4; sx++) if (insideShape(x + (sx + 0.5) / 4, y + (sy + 0.5) / 4)) n++;
      mask[y * PIECE_BOX + x] = n / 16;
    }
  return mask;
}
const MASK = pieceMask();

/** 1 on the outline of the shape, fading to 0 two pixels inside. */
function outline(x: number, y: number): number {
  const m = MASK[y * PIECE_BOX + x]!;
  if (m === 0) return 0;
  let nearOutside = 3;
  for (let oy = -2; oy <= 2; oy++)
    for (let ox = -2; ox <= 2; ox++) {
      const nx = x + ox,
        ny = y + oy;
      const outside = nx < 0 || ny < 0 || nx >= PIECE_BOX || ny >= PIECE_BOX || MASK[ny * PIECE_BOX + nx]! < 0.5;
      if (outside) nearOutside = Math.min(nearOutside, Math.max(Math.abs(ox), Math.abs(oy)));
    }
  return nearOutside > 2 ? 0 : 1 - (nearOutside - 1) / 2;
}

const dataUrl = (png: PNG, colorType: 2 | 6) => `data:image/png;base64,${PNG.sync.write(png, { colorType }).toString('base64')}`;
const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));

/** Draws a challenge with the cut at (x, y): the background with a shaded hole and the piece. */
export function drawPuzzle(x: number, y: number): { bgImage: string; pieceImage: string } {
  const px = background();
  const piece = new PNG({ width: PIECE_BOX, height: PIECE_BOX });
  for (let py = 0; py < PIECE_BOX; py++)
    for (let pxx = 0; pxx < PIECE_BOX; pxx++) {
      const m = MASK[py * PIECE_BOX + pxx]!;
      const o = (py * PIECE_BOX + pxx) * 4;
      const src = ((y + py) * W + (x + pxx)) * 3;
      const edge = outline(pxx, py);
      for (let c = 0; c < 3; c++) piece.data[o + c] = clamp(px[src + c]! * (1 - 0.5 * edge) + 255 * 0.5 * edge);
      piece.data[o + 3] = clamp(m * 255);
    }
  // The hole: darkened, with a faint light rim so a human eye finds it at once.
  for (let py = 0; py < PIECE_BOX; py++)
    for (let pxx = 0; pxx < PIECE_BOX; pxx++) {
      const m = MASK[py * PIECE_BOX + pxx]!;
      if (m === 0) continue;
      const i = ((y + py) * W + (x + pxx)) * 3;
      const edge = outline(pxx, py) * 0.35;
      for (let c = 0; c < 3; c++) {
        const shaded = px[i + c]! * (1 - 0.55 * m);
        px[i + c] = shaded * (1 - edge) + 255 * edge;
      }
    }
  const bg = new PNG({ width: W, height: H });
  for (let i = 0, o = 0; i < px.length; i += 3, o += 4) {
    bg.data[o] = clamp(px[i]!);
    bg.data[o + 1] = clamp(px[i + 1]!);
    bg.data[o + 2] = clamp(px[i + 2]!);
    bg.data[o + 3] = 255;
  }
  return { bgImage: dataUrl(bg, 2), pieceImage: dataUrl(piece, 6) };
}

interface PuzzleSecret {
  id: string;
  x: number;
  /** ms since epoch */
  exp: number;
}

/** AES-256-GCM: the client can neither read the answer nor forge a challenge. */
export function sealPuzzle(key: Buffer, secret: PuzzleSecret): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(secret), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export function openPuzzle(key: Buffer, token: string): PuzzleSecret | null {
  try {
    const raw = Buffer.from(token, 'base64url');
    if (raw.length < 12 + 16 + 2) return null;
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const json = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    const v = JSON.parse(json) as Partial<PuzzleSecret>;
    if (typeof v.id !== 'string' || typeof v.x !== 'number' || typeof v.exp !== 'number') return null;
    return { id: v.id, x: v.x, exp: v.exp };
  } catch {
    return null;
  }
}

export async function createPuzzle(database: Database): Promise<PuzzleChallenge> {
  const { puzzleKey } = await getSecrets(database);
  const x = crypto.randomInt(PUZZLE_X_MIN, PUZZLE_X_MAX + 1);
  const y = crypto.randomInt(0, H - PIECE_BOX + 1);
  const { bgImage, pieceImage } = drawPuzzle(x, y);
  const puzzleToken = sealPuzzle(puzzleKey, { id: crypto.randomUUID(), x, exp: Date.now() + validSec * 1000 });
  // Answered challenges only need remembering until they expire anyway.
  await database.db.delete(usedPuzzles).where(lt(usedPuzzles.expiresAt, new Date()));
  return { puzzleToken, bgImage, pieceImage, y, width: W, height: H };
}

/**
 * True when the sealed challenge is genuine, unexpired, answered within ±4 px and not used before.
 * Any attempt uses the challenge up, so one challenge cannot be tried at every offset.
 */
export async function solvePuzzle(database: Database, token: string, answer: number): Promise<boolean> {
  const { puzzleKey } = await getSecrets(database);
  const secret = openPuzzle(puzzleKey, token);
  if (!secret || secret.exp <= Date.now()) return false;
  const inserted = await database.db
    .insert(usedPuzzles)
    .values({ id: secret.id, expiresAt: new Date(secret.exp) })
    .onConflictDoNothing()
    .returning({ id: usedPuzzles.id });
  if (inserted.length === 0) return false;
  return Math.abs(answer - secret.x) <= PUZZLE_TOLERANCE;
}
