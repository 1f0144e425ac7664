/**
 * The side-by-side view's marking: each line of a source cut into pieces, a piece carrying the fragment
 * covering it (the first one listed wins where two overlap) or none. Regions are [start line, start
 * column, end line, end column), 0-based, as the judge's lexer reports them.
 */
import type { SourceRegion } from '@oj/shared';

export interface Piece {
  text: string;
  /** index of the fragment covering it, or -1 */
  fragment: number;
}

export function markedLines(code: string, regions: readonly SourceRegion[]): Piece[][] {
  const lines = code.split('\n');
  return lines.map((line, row) => {
    const owner = new Array<number>(line.length).fill(-1);
    regions.forEach(([sr, sc, er, ec], k) => {
      if (row < sr || row > er) return;
      const from = row === sr ? sc : 0;
      const to = row === er ? Math.min(ec, line.length) : line.length;
      for (let c = from; c < to; c++) if (owner[c] === -1) owner[c] = k;
    });
    const pieces: Piece[] = [];
    for (let c = 0; c < line.length; c++) {
      const last = pieces[pieces.length - 1];
      if (last && last.fragment === owner[c]) last.text += line[c];
      else pieces.push({ text: line[c]!, fragment: owner[c]! });
    }
    return pieces;
  });
}

/** The first line of each fragment on one side (to scroll to it). */
export const firstLines = (regions: readonly SourceRegion[]) => regions.map((r) => r[0]);
