/**
 * A xiguaqi position (or the bare numbered board, docs/xiguaqi-board.svg) as an inline SVG: no script, no
 * external reference. Every piece is a circle with `data-point`, `data-colour` (and `data-escaped`) and a
 * `<title>` naming it, so a reader and a test can tell what stands where.
 */
import { ARC_RADIUS, COORDINATES, EDGES, INNER_RADIUS, POINTS } from './board.js';
import type { Board } from './xiguaqi.types.js';

const R = 170;
const C = 200;
const SIZE = 400;
const x = (p: number) => +(C + COORDINATES[p][0] * R).toFixed(2);
const y = (p: number) => +(C - COORDINATES[p][1] * R).toFixed(2);

export function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** The arc through three points (end, middle, end) around the diameter's end `centre`: two SVG arc segments. */
function arc(centre: number, a: number, mid: number, b: number): string {
  const r = +(ARC_RADIUS * R).toFixed(2);
  const sweep = (from: number, to: number) => {
    const cross = (x(from) - x(centre)) * (y(to) - y(centre)) - (y(from) - y(centre)) * (x(to) - x(centre));
    return cross > 0 ? 1 : 0;
  };
  return `M ${x(a)} ${y(a)} A ${r} ${r} 0 0 ${sweep(a, mid)} ${x(mid)} ${y(mid)} A ${r} ${r} 0 0 ${sweep(mid, b)} ${x(b)} ${y(b)}`;
}

function lines(): string[] {
  const stroke = 'fill="none" stroke="#3b6e22" stroke-width="2"';
  return [
    `<rect x="0" y="0" width="${SIZE}" height="${SIZE + 40}" fill="#f4f0dc"/>`,
    `<circle cx="${C}" cy="${C}" r="${R}" ${stroke}/>`,
    `<circle cx="${C}" cy="${C}" r="${INNER_RADIUS * R}" ${stroke}/>`,
    `<line x1="${x(1)}" y1="${y(1)}" x2="${x(21)}" y2="${y(21)}" stroke="#3b6e22" stroke-width="2"/>`,
    `<line x1="${x(8)}" y1="${y(8)}" x2="${x(14)}" y2="${y(14)}" stroke="#3b6e22" stroke-width="2"/>`,
    `<path d="${arc(1, 2, 4, 3)}" ${stroke}/>`,
    `<path d="${arc(8, 5, 9, 16)}" ${stroke}/>`,
    `<path d="${arc(14, 6, 13, 17)}" ${stroke}/>`,
    `<path d="${arc(21, 19, 18, 20)}" ${stroke}/>`,
  ];
}

const label = (p: number, colour = '#222') =>
  `<text x="${x(p) + 9}" y="${y(p) - 7}" font-size="11" font-family="sans-serif" fill="${colour}" data-label="${p}">${p}</text>`;

/** The bare board with its 21 points numbered (the notation's numbering), Black's and White's starting points named. */
export function boardDiagramSvg(): string {
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" class="board xiguaqi" width="${SIZE}" height="${SIZE + 40}" viewBox="0 0 ${SIZE} ${SIZE + 40}" role="img" aria-label="Xiguaqi board, points numbered 1 to 21">`,
    '<title>Xiguaqi board, points numbered 1 to 21 (西瓜棋规则 第一条一); Black starts on 1–6, White on 16–21 (第二条一)</title>',
    ...lines(),
    ...POINTS.flatMap((p) => [`<circle cx="${x(p)}" cy="${y(p)}" r="4" fill="#3b6e22" data-point="${p}"/>`, label(p)]),
    `<text x="${C}" y="${SIZE + 24}" font-size="13" text-anchor="middle" font-family="sans-serif">Black starts on 1–6, White on 16–21; ${EDGES.length} lines</text>`,
    '</svg>',
  ];
  return parts.join('\n') + '\n';
}

/** A piece's name in its tooltip: colour, point, escaped (第六条); English unless a page gives its own words. */
export type PieceName = (colour: 'B' | 'W', point: number, escaped: boolean) => string;
const englishPiece: PieceName = (colour, point, escaped) => `${colour === 'B' ? 'Black' : 'White'} piece on ${point}${escaped ? ' (escaped)' : ''}`;

/** A position: the board's pieces (escaped ones dashed), the points numbered, a caption under it. */
export function positionSvg(board: Board, title: string, caption: string, pieceName: PieceName = englishPiece): string {
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" class="board xiguaqi" width="${SIZE}" height="${SIZE + 40}" viewBox="0 0 ${SIZE} ${SIZE + 40}" role="img" aria-label="${escapeXml(title)}">`,
    `<title>${escapeXml(title)}</title>`,
    ...lines(),
  ];
  for (const p of POINTS) {
    const piece = board[p - 1];
    if (!piece) {
      parts.push(`<circle cx="${x(p)}" cy="${y(p)}" r="4" fill="#3b6e22"/>`, label(p));
      continue;
    }
    const dash = piece.escaped ? ' stroke-dasharray="4 3"' : '';
    parts.push(
      `<circle cx="${x(p)}" cy="${y(p)}" r="13" fill="${piece.colour === 'B' ? '#111' : '#fff'}" stroke="${piece.escaped ? '#c00' : '#111'}" stroke-width="2"${dash} ` +
        `class="piece" data-point="${p}" data-colour="${piece.colour}" data-escaped="${piece.escaped}"><title>${escapeXml(pieceName(piece.colour, p, piece.escaped))}</title></circle>`,
      label(p, '#555'),
    );
  }
  parts.push(`<text x="${C}" y="${SIZE + 24}" font-size="13" text-anchor="middle" font-family="sans-serif">${escapeXml(caption)}</text>`, '</svg>');
  return parts.join('');
}
