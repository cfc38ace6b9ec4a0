/** docs/authorization-matrix.md, rendered from the matrix (the e2e test fails when the file differs). */
import { cellOf, MATRIX, WHO, type Cell, type MatrixRow } from './matrix.js';

const MARK: Record<Cell, string> = { any: '✓', own: 'own', no: '–' };

const SCOPE: Record<MatrixRow['scope'], string> = {
  none: 'none',
  tournament: 'path `:id`',
  'tournament-in-body': 'body `id`',
  game: "game's tournament",
  'game-link': 'body `link.tournamentId`',
  appeal: "appeal's tournament (a token naming another: 404, as for an unknown appeal)",
  'appeal-in-body': 'body `tournamentId`',
};

export function renderMatrix(rows: readonly MatrixRow[] = MATRIX): string {
  const head = ['method', 'path', 'tournament', ...WHO, 'note'];
  const lines = [
    '# Authorization matrix',
    '',
    'Generated from `test/authorization/matrix.ts` (rewrite with `AUTHZ_WRITE_DOC=1 npm run test:jest -- test/authorization-matrix.e2e.spec.ts`);',
    "each discipline's rows are generated from its bundle, its contract driver and its declared commands (`test/authorization/discipline-rows.ts`), not by hand;",
    '`test/authorization-matrix.e2e.spec.ts` checks the running server against every cell and fails on a registered route without a row.',
    '',
    '✓ allowed whatever tournament the token names; **own** allowed only when the token names the tournament the call acts in',
    '(the column "tournament" says where that comes from), refused (403) with a token naming another; – refused: 401 without a token, 403 with one.',
    'Allowed means the guard lets the call through: the answer may still be 400, 404, 409 or 422 from the request or the record.',
    'HEAD is answered by the GET of the same path.',
    '',
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
  ];
  for (const row of rows) {
    const cells = WHO.map((who) => MARK[cellOf(row, who)]);
    lines.push(`| ${row.method} | \`${row.path}\` | ${SCOPE[row.scope]} | ${cells.join(' | ')} | ${row.note ?? ''} |`);
  }
  return `${lines.join('\n')}\n`;
}
