import { Chess } from 'chess.js';
import { escapeXml } from '../../discipline-kit/pages.js';

const CELL = 40;
const MARGIN = 22;
const FILES = 'abcdefgh';
/** Unicode chess symbols: white pieces U+2654–2659, black U+265A–265F. */
const GLYPH: Record<'w' | 'b', Record<string, string>> = {
  w: { k: '\u2654', q: '\u2655', r: '\u2656', b: '\u2657', n: '\u2658', p: '\u2659' },
  b: { k: '\u265a', q: '\u265b', r: '\u265c', b: '\u265d', n: '\u265e', p: '\u265f' },
};
const NAME = { k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' } as const;

/**
 * A chess position (FEN, parsed by chess.js) as an inline SVG (no script, no external reference):
 * White at the bottom, files a–h and ranks 1–8 marked, each piece a Unicode symbol with its square
 * and name in a `<title>` (so a reader and a test can tell what stands where), and the side to move.
 */
export function chessBoardSvg(fen: string, title: string): string {
  const chess = new Chess(fen);
  const size = MARGIN + 8 * CELL + 2;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" class="board chess" width="${size}" height="${size + 20}" viewBox="0 0 ${size} ${size + 20}" role="img" aria-label="${escapeXml(title)}">`,
    `<title>${escapeXml(title)}</title>`,
  ];
  const rows = chess.board(); // rank 8 first, file a first
  for (let r = 0; r < 8; r++) {
    const rank = 8 - r;
    parts.push(`<text x="${MARGIN - 6}" y="${MARGIN + r * CELL + CELL / 2 + 4}" font-size="12" text-anchor="end" font-family="sans-serif">${rank}</text>`);
    for (let f = 0; f < 8; f++) {
      const x = MARGIN + f * CELL;
      const y = MARGIN + r * CELL;
      const light = (r + f) % 2 === 0;
      parts.push(`<rect x="${x}" y="${y}" width="${CELL}" height="${CELL}" fill="${light ? '#f0d9b5' : '#b58863'}"/>`);
      const piece = rows[r][f];
      if (piece) {
        const square = `${FILES[f]}${rank}`;
        const label = `${piece.color === 'w' ? 'White' : 'Black'} ${NAME[piece.type]} on ${square}`;
        parts.push(
          `<text x="${x + CELL / 2}" y="${y + CELL - 9}" font-size="${CELL - 8}" text-anchor="middle" data-square="${square}"><title>${label}</title>${GLYPH[piece.color][piece.type]}</text>`,
        );
      }
    }
  }
  for (let f = 0; f < 8; f++)
    parts.push(
      `<text x="${MARGIN + f * CELL + CELL / 2}" y="${MARGIN + 8 * CELL + 14}" font-size="12" text-anchor="middle" font-family="sans-serif">${FILES[f]}</text>`,
    );
  parts.push(
    `<text x="${MARGIN}" y="${size + 16}" font-size="12" font-family="sans-serif">${chess.turn() === 'w' ? 'White' : 'Black'} to move</text>`,
    '</svg>',
  );
  return parts.join('');
}
