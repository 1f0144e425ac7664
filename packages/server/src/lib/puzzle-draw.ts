/**
 * Drawing a slide-puzzle challenge: pure CPU work with no database, run in the challenge worker
 * (challenge-pool.ts) so it never holds up the event loop.
 *
 * What makes it harder for a script than "find the dark square on the row": the picture is random
 * with grain and speckles over the cut; a decoy hole of a different jigsaw shape (mirrored or flipped)
 * sits on the same rows; and the rim and shade of the holes change every time (width, tint, strength),
 * so no fixed template finds them. A human matches the piece's outline to its hole at a glance.
 */
import { PNG } from 'pngjs';
import { LOGIN_GUARD } from '@oj/shared';

const { width: W, height: H, piece: L, radius: R } = LOGIN_GUARD.puzzle;
/** The piece image: the 42 px square plus the knobs sticking out by R on the top and the right. */
export const PIECE_BOX = L + R;
/** Where the cut may be: never at the start of the track, always fully inside the image. */
export const PUZZLE_X_MIN = 60;
export const PUZZLE_X_MAX = W - L - R;

type Rgb = [number, number, number];
type Rng = () => number;

/** Hue/saturation/lightness to RGB, so random colours stay pleasant (no mud, no neon). */
function hsl(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

/** A random picture: gradient, overlapping translucent shapes and grain, different every time. */
export function randomBackground(random: Rng = Math.random): Float32Array {
  const rand = (min: number, max: number) => min + random() * (max - min);
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
    const kind = random();
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

/**
 * Jigsaw shape: square with a knob on top and on the right and a notch on the left. The variants are
 * the same shape mirrored (1), flipped (2) or both (3): a decoy looks like a hole but not like the piece.
 */
function insideShape(x: number, y: number, variant: number): boolean {
  if (variant & 1) x = PIECE_BOX - x;
  if (variant & 2) y = PIECE_BOX - y;
  const inSquare = x >= 0 && x < L && y >= R && y < R + L;
  const topKnob = Math.hypot(x - L / 2, y - R) < R;
  const rightKnob = Math.hypot(x - L, y - (R + L / 2)) < R;
  const leftNotch = Math.hypot(x, y - (R + L / 2)) < R * 0.7;
  return (inSquare || topKnob || rightKnob) && !leftNotch;
}

/** Coverage of each box pixel (4×4 supersampling, so the edges are smooth). */
function shapeMask(variant: number): Float32Array {
  const mask = new Float32Array(PIECE_BOX * PIECE_BOX);
  for (let y = 0; y < PIECE_BOX; y++)
    for (let x = 0; x < PIECE_BOX; x++) {
      let n = 0;
      for (let sy = 0; sy < 4; sy++) for (let sx = 0; sx < 4; sx++) if (insideShape(x + (sx + 0.5) / 4, y + (sy + 0.5) / 4, variant)) n++;
      mask[y * PIECE_BOX + x] = n / 16;
    }
  return mask;
}
const MASKS = [0, 1, 2, 3].map(shapeMask);

/** Distance in pixels (1, 2, …) from a pixel of the shape to the nearest pixel outside it, up to `max + 1`. */
function edgeDistance(mask: Float32Array, x: number, y: number, max: number): number {
  let near = max + 1;
  for (let oy = -max; oy <= max; oy++)
    for (let ox = -max; ox <= max; ox++) {
      const nx = x + ox,
        ny = y + oy;
      const outside = nx < 0 || ny < 0 || nx >= PIECE_BOX || ny >= PIECE_BOX || mask[ny * PIECE_BOX + nx]! < 0.5;
      if (outside) near = Math.min(near, Math.max(Math.abs(ox), Math.abs(oy)));
    }
  return near;
}

/** How a hole and the piece's outline look this time. */
interface Rim {
  /** pixels */
  width: number;
  /** 0..1 mix of the tint on the outline */
  strength: number;
  tint: Rgb;
  /** 0..1 darkening of the hole */
  shade: number;
}

/** Per shape, each pixel's edgeDistance up to 4 (computed once: a rim is at most 3 px wide). */
const EDGES = MASKS.map((mask) => {
  const d = new Uint8Array(PIECE_BOX * PIECE_BOX);
  for (let y = 0; y < PIECE_BOX; y++) for (let x = 0; x < PIECE_BOX; x++) d[y * PIECE_BOX + x] = edgeDistance(mask, x, y, 3);
  return d;
});

/** 1 on the outline, fading to 0 `width` pixels inside; 0 outside the shape. */
function rimWeight(variant: number, x: number, y: number, width: number): number {
  if (MASKS[variant]![y * PIECE_BOX + x] === 0) return 0;
  const d = EDGES[variant]![y * PIECE_BOX + x]!;
  return d > width ? 0 : 1 - (d - 1) / width;
}

const dataUrl = (png: PNG, colorType: 2 | 6) => `data:image/png;base64,${PNG.sync.write(png, { colorType }).toString('base64')}`;
const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));

/** Cuts a hole of `mask`'s shape at (x, y): darkened, with the rim's tint on its outline. */
function cutHole(px: Float32Array, variant: number, x: number, y: number, rim: Rim) {
  const mask = MASKS[variant]!;
  for (let py = 0; py < PIECE_BOX; py++)
    for (let pxx = 0; pxx < PIECE_BOX; pxx++) {
      const m = mask[py * PIECE_BOX + pxx]!;
      if (m === 0) continue;
      const i = ((y + py) * W + (x + pxx)) * 3;
      const edge = rimWeight(variant, pxx, py, rim.width) * rim.strength;
      for (let c = 0; c < 3; c++) {
        const shaded = px[i + c]! * (1 - rim.shade * m);
        px[i + c] = shaded * (1 - edge) + rim.tint[c]! * edge;
      }
    }
}

export interface DrawnPuzzle {
  bgImage: string;
  pieceImage: string;
  /** Where the decoy hole is (never sent to the client; tests look for it). */
  decoy: { x: number; y: number };
}

/** A decoy position on the same rows as the cut (±8 px) whose box does not touch the cut's. */
function decoyPlace(x: number, y: number, random: Rng): { x: number; y: number } {
  const gap = PIECE_BOX + 4;
  const free: number[] = [];
  for (let dx = PUZZLE_X_MIN; dx <= PUZZLE_X_MAX; dx++) if (Math.abs(dx - x) >= gap) free.push(dx);
  const dx = free[Math.floor(random() * free.length)] ?? (x - PUZZLE_X_MIN > PUZZLE_X_MAX - x ? PUZZLE_X_MIN : PUZZLE_X_MAX);
  const dy = Math.max(0, Math.min(H - PIECE_BOX, y + Math.round((random() - 0.5) * 16)));
  return { x: dx, y: dy };
}

/**
 * Draws a challenge with the cut at (x, y): the background with the true hole, a decoy hole of
 * another shape, speckles over both, and the piece. `base` replaces the random picture (tests).
 */
export function drawPuzzle(x: number, y: number, opts: { random?: Rng; base?: Float32Array } = {}): DrawnPuzzle {
  const random = opts.random ?? Math.random;
  const rand = (min: number, max: number) => min + random() * (max - min);
  const px = opts.base ? Float32Array.from(opts.base) : randomBackground(random);
  const mask = MASKS[0]!;
  const light = rand(200, 255);
  const rim: Rim = {
    width: rand(1.5, 3),
    strength: rand(0.2, 0.5),
    tint: random() < 0.75 ? [light, light, light] : hsl(rand(0, 360), rand(0.3, 0.7), rand(0.75, 0.9)),
    shade: rand(0.4, 0.65),
  };

  const piece = new PNG({ width: PIECE_BOX, height: PIECE_BOX });
  const pieceRim = rand(1.5, 2.5);
  const pieceLight = rand(0.35, 0.6);
  for (let py = 0; py < PIECE_BOX; py++)
    for (let pxx = 0; pxx < PIECE_BOX; pxx++) {
      const m = mask[py * PIECE_BOX + pxx]!;
      const o = (py * PIECE_BOX + pxx) * 4;
      const src = ((y + py) * W + (x + pxx)) * 3;
      const edge = rimWeight(0, pxx, py, pieceRim) * pieceLight;
      for (let c = 0; c < 3; c++) piece.data[o + c] = clamp(px[src + c]! * (1 - edge) + 255 * edge);
      piece.data[o + 3] = clamp(m * 255);
    }

  const decoy = decoyPlace(x, y, random);
  cutHole(px, 0, x, y, rim);
  // The decoy gets a rim of its own strength, so the two holes are not told apart by their shade.
  cutHole(px, 1 + Math.floor(random() * 3), decoy.x, decoy.y, { ...rim, strength: rim.strength * rand(0.8, 1.2), shade: rand(0.4, 0.65) });
  // Speckles over everything, holes included: a hole's edge is no clean line to trace.
  for (let i = 0; i < px.length; i += 3) {
    if (random() < 0.06) {
      const s = rand(-28, 28);
      for (let c = 0; c < 3; c++) px[i + c] = px[i + c]! + s;
    } else {
      const g = rand(-5, 5);
      for (let c = 0; c < 3; c++) px[i + c] = px[i + c]! + g;
    }
  }

  const bg = new PNG({ width: W, height: H });
  for (let i = 0, o = 0; i < px.length; i += 3, o += 4) {
    bg.data[o] = clamp(px[i]!);
    bg.data[o + 1] = clamp(px[i + 1]!);
    bg.data[o + 2] = clamp(px[i + 2]!);
    bg.data[o + 3] = 255;
  }
  return { bgImage: dataUrl(bg, 2), pieceImage: dataUrl(piece, 6), decoy };
}
