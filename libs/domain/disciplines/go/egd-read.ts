import { EGD_UNSPLIT_NOTE, type EgdClass, type EgdPlayer, type EgdRound, type EgdTournament } from './egd.js';

/**
 * Reads an EGD results table as `exportEgd` writes it (the header tags, the column line naming the MMS and
 * tie-break columns, one line a player): the round trip's other half and the parser-level check of the layout.
 * Tags it does not know and comment lines other than those `exportEgd` writes are returned in `notKept`.
 */
export interface EgdRead {
  readonly tournament: EgdTournament;
  readonly notKept: ReadonlyArray<{ readonly line: number; readonly text: string }>;
}

const TAG = /^;\s*([A-Z]{2})\[(.*)\]\s*$/;
const CELL = /^(\d+)([+=-])(?:\/([bw])(\d+))?(!)?$/;

function round(text: string, line: number): EgdRound {
  const m = CELL.exec(text);
  if (!m) throw new Error(`line ${line}: "${text}" is not a round (<place><+|-|=>[/<b|w><handicap>][!])`);
  const opponent = Number(m[1]);
  return {
    opponentPlace: opponent === 0 ? null : opponent,
    result: m[2] as EgdRound['result'],
    colour: (m[3] as 'b' | 'w' | undefined) ?? null,
    handicap: m[4] === undefined ? 0 : Number(m[4]),
    byDefault: m[5] === '!',
  };
}

export function readEgd(text: string): EgdRead {
  const tags = new Map<string, string>();
  const notKept: Array<{ line: number; text: string }> = [];
  const players: EgdPlayer[] = [];
  let columns: string[] | null = null as string[] | null;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = i + 1;
    const s = lines[i].trimEnd();
    if (!s) continue;
    if (s.startsWith(';')) {
      const tag = TAG.exec(s);
      if (tag && ['CL', 'EV', 'PC', 'DT', 'HA', 'KM', 'TM'].includes(tag[1])) tags.set(tag[1], tag[2]);
      else if (/^;\s*Pl\s/.test(s)) columns = s.replace(/^;\s*/, '').split(/\s+/);
      else if (s !== EGD_UNSPLIT_NOTE) notKept.push({ line, text: s });
      continue;
    }
    if (!columns) throw new Error(`line ${line}: a player line before the column line "; Pl …"`);
    const f = s.trim().split(/\s+/);
    const numbers = columns.indexOf('rounds') - columns.indexOf('Pts');
    const fixed = 6 + numbers; // place, surname, first name, grade, country, club, then Pts … before the rounds
    const mms = columns.includes('MMS');
    const num = (k: number) => {
      const n = Number(f[k]);
      if (!Number.isFinite(n)) throw new Error(`line ${line}: column ${k + 1} "${f[k]}" is not a number`);
      return n;
    };
    const values = f.slice(6, fixed).map((_, k) => num(6 + k));
    players.push({
      place: num(0),
      surname: f[1],
      firstName: f[2] === '-' ? null : f[2],
      rank: f[3],
      country: f[4] === '-' ? '' : f[4],
      club: f[5] === '-' ? '' : f[5],
      points: values[0],
      ...(mms && { mcmahon: values[1] }),
      tieBreaks: values.slice(mms ? 2 : 1),
      rounds: f.slice(fixed).map((c) => round(c, line)),
    });
  }
  if (!columns) throw new Error('no column line "; Pl …"');
  const cols: string[] = columns;
  const tieBreaks = cols.slice(cols.indexOf('Pts') + (cols.includes('MMS') ? 2 : 1), cols.indexOf('rounds'));
  const num = (tag: string) => (tags.has(tag) ? Number(tags.get(tag)) : undefined);
  const reduction = tags.get('HA')?.match(/^h(\d+)$/)?.[1];
  const tournament: EgdTournament = {
    ...(tags.has('CL') && { class: tags.get('CL') as EgdClass }),
    name: tags.get('EV') ?? '',
    ...(tags.has('PC') && { place: tags.get('PC') }),
    ...(tags.has('DT') && { dates: tags.get('DT') }),
    ...(reduction !== undefined && { handicapReduction: Number(reduction) }),
    ...(num('KM') !== undefined && { compensation: num('KM') }),
    ...(num('TM') !== undefined && { basicTimeMinutes: num('TM') }),
    tieBreaks,
    players,
  };
  return { tournament, notKept };
}
