import crypto from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { LOGIN_GUARD } from '@oj/shared';
import { drawPuzzle, PIECE_BOX, PUZZLE_X_MAX, PUZZLE_X_MIN } from './puzzle-draw.js';

export type ChallengeKind = 'puzzle' | 'captcha';
export interface ChallengeRequest {
  id: number;
  kind: ChallengeKind;
}
/** A drawn slide puzzle with its answer `x` (kept on the server, sealed into the token). */
export interface PuzzleDrawing {
  kind: 'puzzle';
  x: number;
  y: number;
  bgImage: string;
  pieceImage: string;
}
export interface CaptchaDrawing {
  kind: 'captcha';
  /** the answer, lower case */
  text: string;
  svg: string;
}
export type ChallengeDrawing = PuzzleDrawing | CaptchaDrawing;

/** Draws one challenge of a kind, with a fresh random answer. */
export function drawChallenge(kind: ChallengeKind): ChallengeDrawing {
  if (kind === 'captcha') {
    const c = svgCaptcha.create({ size: 4, noise: 3, color: true, ignoreChars: '0oO1lIi', width: 120, height: 40, fontSize: 44 });
    return { kind, text: c.text.toLowerCase(), svg: c.data };
  }
  const x = crypto.randomInt(PUZZLE_X_MIN, PUZZLE_X_MAX + 1);
  const y = crypto.randomInt(0, LOGIN_GUARD.puzzle.height - PIECE_BOX + 1);
  const { bgImage, pieceImage } = drawPuzzle(x, y);
  return { kind, x, y, bgImage, pieceImage };
}
