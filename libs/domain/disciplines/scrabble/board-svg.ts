import { escapeXml } from '../../discipline-kit/pages.js';
import { premiumAt, SIZE } from './board.js';

const CELL = 28;
const MARGIN = 22;
const FILL = { TW: '#e8553e', DW: '#f4b6b0', TL: '#3d7fc1', DL: '#b9d7ef' } as const;
const COLUMNS = 'ABCDEFGHIJKLMNO';

/**
 * A Scrabble board as an inline SVG (no script, no external reference): premium squares, tiles with
 * their letters (a blank is shown in lower case, in red), coordinates as on the WESPA board (columns
 * A–O, rows 1–15). The board is the game state's 15 strings ('.' empty, 'A'..'Z' a tile, 'a'..'z' a blank).
 */
export function scrabbleBoardSvg(board: readonly string[], title: string): string {
  const size = MARGIN + SIZE * CELL + 2;
  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" class="board" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" role="img" aria-label="${escapeXml(title)}">`,
    `<title>${escapeXml(title)}</title>`,
  );
  for (let c = 0; c < SIZE; c++)
    parts.push(`<text x="${MARGIN + c * CELL + CELL / 2}" y="15" font-size="11" text-anchor="middle" font-family="sans-serif">${COLUMNS[c]}</text>`);
  for (let r = 0; r < SIZE; r++) {
    parts.push(`<text x="${MARGIN - 5}" y="${MARGIN + r * CELL + CELL / 2 + 4}" font-size="11" text-anchor="end" font-family="sans-serif">${r + 1}</text>`);
    for (let c = 0; c < SIZE; c++) {
      const x = MARGIN + c * CELL;
      const y = MARGIN + r * CELL;
      const premium = premiumAt(r, c);
      const letter = board[r]?.[c] ?? '.';
      if (letter !== '.') {
        const blank = letter === letter.toLowerCase();
        parts.push(
          `<rect x="${x}" y="${y}" width="${CELL}" height="${CELL}" fill="#f3e2b3" stroke="#555" data-square="${COLUMNS[c]}${r + 1}"/>`,
          `<text x="${x + CELL / 2}" y="${y + CELL / 2 + 6}" font-size="17" font-weight="bold" text-anchor="middle" font-family="sans-serif"` +
            `${blank ? ' fill="#c0392b"' : ''} class="tile">${letter}</text>`,
        );
      } else {
        parts.push(`<rect x="${x}" y="${y}" width="${CELL}" height="${CELL}" fill="${premium ? FILL[premium] : '#fdfaf2'}" stroke="#999"/>`);
      }
    }
  }
  parts.push('</svg>');
  return parts.join('');
}
