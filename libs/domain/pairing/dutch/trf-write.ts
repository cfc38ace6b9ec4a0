/**
 * FIDE TRF-16 (Tournament Report File, FIDE Data Exchange Format, 2016 revision): the tournament
 * header records (012 name, 022 city, 032 federation, 042/052 dates, 062 players, 072 rated players,
 * 092 type, 102 chief arbiter, 122 time control, 132 round dates) and one 001 record per player in
 * its fixed columns. Pure: the tournament comes in as plain data.
 */
export type TrfResult = '1' | '=' | '0' | '+' | '-' | 'U' | 'F' | 'H' | 'Z' | ' ';

export interface TrfRound {
  /** The opponent's starting rank, or null (a bye, an absence, not yet played). */
  readonly opponent: number | null;
  readonly colour: 'w' | 'b' | '-';
  readonly result: TrfResult;
}

export interface TrfPlayer {
  readonly startRank: number;
  readonly name: string;
  readonly rating?: number;
  readonly federation?: string;
  readonly fideId?: string;
  readonly points: number;
  readonly rank: number;
  readonly rounds: readonly TrfRound[];
}

export interface TrfTournament {
  readonly name: string;
  readonly city?: string;
  readonly federation?: string;
  readonly startDate?: string;
  readonly endDate?: string;
  readonly type?: string;
  readonly chiefArbiter?: string;
  readonly timeControl?: string;
  /** Per round (1-based index + 1): its date YYYY-MM-DD, if known. */
  readonly roundDates?: readonly (string | undefined)[];
  readonly players: readonly TrfPlayer[];
  /** XXR, the rounds planned: written with acceleration (bbpPairings' TRF(x) extension). */
  readonly roundsPlanned?: number;
  /** XXA: acceleration points by starting rank, index 0 = round 1 (bbpPairings' TRF(x) extension, C.04.5). */
  readonly accelerations?: ReadonlyArray<{ readonly startRank: number; readonly points: readonly number[] }>;
  /** XXC: the colour of the first board's top player in round 1 (bbpPairings' TRF(x) extension). */
  readonly initialColour?: 'white1' | 'black1';
}

/** A fixed-column line: `text` placed at 1-based column `col`, `width` wide (right-aligned when `right`). */
function put(line: string[], col: number, width: number, text: string, right = false): void {
  const t = (right ? text.padStart(width) : text.padEnd(width)).slice(0, width);
  for (let i = 0; i < width; i++) line[col - 1 + i] = t[i];
}

const blank = (n: number) => Array.from({ length: n }, () => ' ');
const trim = (line: string[]) => line.join('').replace(/\s+$/, '');
const trfDate = (d: string | undefined) => (d ? d.replace(/-/g, '/') : '');

/** TRF-16 player record: 001, start rank 5–8, name 15–47, rating 49–52, federation 54–56, FIDE id 58–68, points 81–84, rank 86–89, rounds from 92. */
export function playerRecord(p: TrfPlayer): string {
  const line = blank(91 + 10 * p.rounds.length);
  put(line, 1, 3, '001');
  put(line, 5, 4, String(p.startRank), true);
  put(line, 15, 33, p.name);
  if (p.rating) put(line, 49, 4, String(p.rating), true);
  if (p.federation) put(line, 54, 3, p.federation);
  // TRF-16: columns 58–68 are a numeric FIDE ID or blank; anything else is left blank, never written there (issue 30).
  if (p.fideId && /^\d{1,11}$/.test(p.fideId)) put(line, 58, 11, p.fideId, true);
  put(line, 81, 4, p.points.toFixed(1), true);
  put(line, 86, 4, String(p.rank), true);
  p.rounds.forEach((r, i) => {
    const col = 92 + 10 * i;
    // A round without an opponent is written 0000 with colour '-'.
    put(line, col, 4, r.opponent === null ? '0000' : String(r.opponent), true);
    put(line, col + 5, 1, r.colour);
    put(line, col + 7, 1, r.result);
  });
  return trim(line);
}

export function exportTrf(t: TrfTournament): string {
  const header = (code: string, value: string | undefined) => (value ? [`${code} ${value}`] : []);
  const lines = [
    ...header('012', t.name),
    ...header('022', t.city),
    ...header('032', t.federation),
    ...header('042', trfDate(t.startDate)),
    ...header('052', trfDate(t.endDate)),
    `062 ${t.players.length}`,
    `072 ${t.players.filter((p) => p.rating).length}`,
    ...header('092', t.type),
    ...header('102', t.chiefArbiter),
    ...header('122', t.timeControl),
  ];
  if (t.roundDates?.some((d) => d)) {
    // 132: each round's date (YY/MM/DD) in the round's column block.
    const line = blank(91 + 10 * t.roundDates.length);
    put(line, 1, 3, '132');
    t.roundDates.forEach((d, i) => d && put(line, 92 + 10 * i, 8, d.slice(2).replace(/-/g, '/')));
    lines.push(trim(line));
  }
  if (t.roundsPlanned !== undefined) lines.push(`XXR ${t.roundsPlanned}`);
  if (t.initialColour) lines.push(`XXC ${t.initialColour}`);
  if (t.accelerations?.length) {
    for (const a of [...t.accelerations].sort((x, y) => x.startRank - y.startRank))
      lines.push(`XXA ${String(a.startRank).padStart(4)} ${a.points.map((p) => p.toFixed(1).padStart(4)).join(' ')}`);
  }
  for (const p of [...t.players].sort((a, b) => a.startRank - b.startRank)) lines.push(playerRecord(p));
  return `${lines.join('\n')}\n`;
}
