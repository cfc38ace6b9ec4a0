import { roundKey, type OpenTournament } from '../tournament/tournament.state.js';

/**
 * A mahjong tournament's table results as CSV (RFC 4180: comma separated, CRLF, fields with a comma,
 * quote or line break quoted, quotes doubled): one row per seat of every table with a result, in
 * division, round, table and wind order. Columns: division, round, table, wind, player, name,
 * points (table points, WMC: the four sum to zero), rank (1–4 at the table).
 * Build it from the view the caller may see (`publishedView` for the public).
 */
export const MAHJONG_CSV_HEADER = ['division', 'round', 'table', 'wind', 'player', 'name', 'points', 'rank'] as const;

function field(v: string | number): string {
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export type MahjongCsvRow = Record<(typeof MAHJONG_CSV_HEADER)[number], string | number>;

/** Writes rows (the header first) as RFC 4180 CSV; `mahjongTableCsv` and the round trip share it. */
export function writeMahjongCsv(rows: readonly MahjongCsvRow[]): string {
  return [[...MAHJONG_CSV_HEADER], ...rows.map((r) => MAHJONG_CSV_HEADER.map((h) => r[h]))].map((r) => `${r.map(field).join(',')}\r\n`).join('');
}

export function mahjongTableCsv(t: OpenTournament): string {
  const names = new Map(t.players.map((p) => [p.id, p.name]));
  const rows: MahjongCsvRow[] = [];
  for (const division of t.divisions) {
    const rounds = Object.values(t.rounds)
      .filter((r) => r.division === division)
      .sort((a, b) => a.round - b.round);
    for (const r of rounds) {
      const tables = [...r.tables].sort((a, b) => a.table - b.table);
      for (const table of tables) {
        const result = t.rounds[roundKey(division, r.round)].results[`t${table.table}`];
        if (result?.kind !== 'mahjong-table') continue;
        for (const s of result.seats)
          rows.push({
            division,
            round: r.round,
            table: table.table,
            wind: s.wind,
            player: s.player,
            name: names.get(s.player) ?? s.player,
            points: s.points,
            rank: s.rank,
          });
      }
    }
  }
  return writeMahjongCsv(rows);
}

/** Reads the CSV back (for the round trip): rows as written, numbers as numbers. */
export function parseMahjongCsv(text: string): MahjongCsvRow[] {
  const records: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      records.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell || row.length) records.push([...row, cell]);
  const [header, ...body] = records;
  return body.map((r) => Object.fromEntries(header.map((h, i) => [h, ['round', 'table', 'points', 'rank'].includes(h) ? Number(r[i]) : r[i]]))) as never;
}
