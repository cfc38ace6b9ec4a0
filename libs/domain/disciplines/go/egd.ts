/**
 * A Go tournament as an EGD results table (the European Go Database's tournament table, "Tournament table format",
 * A. Cieply, gemma.ujf.cas.cz/~cieply/GO/format.html; EGD "How to submit results"): header lines starting ";" (`CL`,
 * `EV`, `PC`, `DT`, `HA`, `KM`, `TM`, as the public EGD files write them), then one line a player in place order:
 * place, surname, first name, grade, country, club, points, tie-breaks, then each round as
 * `<opponent's place><symbol>[/<colour><handicap>]` (+ won, - lost, = jigo; b/w; the stones given). A round
 * without a game is `0+` (a free win: a bye) or `0-` (a free round). A result by default (forfeit) ends in "!"
 * (as the public EGD files write it, e.g. `3+/b0!`). Everything after ";" is a comment to the EGD reader.
 */
import { gradeOfRating } from './egd-grade.js';

export { gradeOfRating };

export interface EgdRound {
  readonly opponentPlace: number | null;
  readonly result: '+' | '-' | '=';
  readonly colour: 'b' | 'w' | null;
  readonly handicap: number;
  readonly byDefault: boolean;
}

export interface EgdPlayer {
  readonly place: number;
  /** The family name (EGD: surname); spaces are written `_`, the EGD files' convention for a name of several words. */
  readonly surname: string;
  /** The given name; null when the record does not say which part of the name it is (written `-`). */
  readonly firstName: string | null;
  readonly rank: string;
  readonly country: string;
  readonly club: string;
  readonly points: number;
  /** The McMahon score the places are ordered by, when the tournament is a McMahon one (issue 30: written beside the points). */
  readonly mcmahon?: number;
  readonly tieBreaks: readonly number[];
  readonly rounds: readonly EgdRound[];
}

export const EGD_CLASSES = ['A', 'B', 'C', 'D'] as const;
export type EgdClass = (typeof EGD_CLASSES)[number];

export interface EgdTournament {
  /** EGF tournament class (CL): A, B, C (by time limits and organisation) or D; the EGD weighs a tournament by it. */
  readonly class?: EgdClass;
  readonly name: string;
  /** PC: "<country code>, <city>". */
  readonly place?: string;
  readonly dates?: string;
  /** HA[h<n>]: handicap is the grade difference lowered by n (h9: none); the rounds write the stones given anyway. */
  readonly handicapReduction?: number;
  readonly compensation?: number;
  readonly basicTimeMinutes?: number;
  readonly tieBreaks: readonly string[];
  readonly players: readonly EgdPlayer[];
}

/** What the EGD reader would misread in a field: ";" starts a comment, "|" starts the player's PIN. */
const UNWRITABLE = /[;|]/;

/** A field no EGD reader could read back, as `{ place, field, value }`, or null (issue 30: no export forged by a name). */
export function egdFieldProblem(t: EgdTournament): { place: number; field: string; value: string } | null {
  for (const p of t.players)
    for (const [field, value] of [
      ['surname', p.surname],
      ['firstName', p.firstName ?? ''],
      ['club', p.club],
      ['country', p.country],
    ] as const)
      if (UNWRITABLE.test(value)) return { place: p.place, field, value };
  return null;
}

/**
 * The name as two EGD fields. Arbitra records one name; it is split only where the record says so: "Family, Given"
 * (the comma convention of FIDE TRF-16 and of the EGD's own lists). Otherwise the whole name is the surname and the
 * first name is unknown (null, written `-`): no split is guessed ("Chan Hok Hei" puts the family name first).
 */
export function egdName(name: string): { surname: string; firstName: string | null } {
  const comma = name.indexOf(',');
  if (comma > 0 && comma === name.lastIndexOf(',')) {
    const surname = name.slice(0, comma).trim();
    const firstName = name.slice(comma + 1).trim();
    if (surname && firstName) return { surname, firstName };
  }
  return { surname: name.trim(), firstName: null };
}

const token = (s: string) => s.trim().replace(/\s+/g, '_');

const cell = (r: EgdRound) =>
  r.opponentPlace === null ? `0${r.result}` : `${r.opponentPlace}${r.result}${r.colour ? `/${r.colour}${r.handicap}` : ''}${r.byDefault ? '!' : ''}`;

export const EGD_UNSPLIT_NOTE = '; Names without "Family, Given" are written whole as the surname; first name "-" (not recorded)';

export function exportEgd(t: EgdTournament): string {
  // Issue 30: places follow the McMahon score in a McMahon tournament, so it is written (MMS) beside the points (wins).
  const mms = t.players.some((p) => p.mcmahon !== undefined);
  const header = [
    ...(t.class ? [`; CL[${t.class}]`] : []),
    `; EV[${t.name}]`,
    ...(t.place ? [`; PC[${t.place}]`] : []),
    ...(t.dates ? [`; DT[${t.dates}]`] : []),
    ...(t.handicapReduction !== undefined ? [`; HA[h${t.handicapReduction}]`] : []),
    ...(t.compensation !== undefined ? [`; KM[${t.compensation}]`] : []),
    ...(t.basicTimeMinutes !== undefined ? [`; TM[${t.basicTimeMinutes}]`] : []),
    ...(t.players.some((p) => p.firstName === null) ? [EGD_UNSPLIT_NOTE] : []),
    `; Pl Surname First_name Grd Co Club Pts ${mms ? 'MMS ' : ''}${t.tieBreaks.map(token).join(' ')}${t.tieBreaks.length ? ' ' : ''}rounds`,
  ];
  const width = (f: (p: EgdPlayer) => string) => Math.max(4, ...t.players.map((p) => f(p).length));
  const surname = (p: EgdPlayer) => token(p.surname);
  const first = (p: EgdPlayer) => (p.firstName === null ? '-' : token(p.firstName));
  const [ws, wf] = [width(surname), width(first)];
  const lines = t.players.map((p) =>
    [
      String(p.place).padStart(4),
      surname(p).padEnd(ws),
      first(p).padEnd(wf),
      p.rank.padEnd(4),
      (token(p.country) || '-').padEnd(3),
      (token(p.club) || '-').padEnd(6),
      String(p.points).padStart(4),
      ...(mms ? [String(p.mcmahon ?? '').padStart(4)] : []),
      ...p.tieBreaks.map((v) => String(v).padStart(5)),
      ...p.rounds.map((r) => cell(r).padStart(8)),
    ].join(' '),
  );
  return `${[...header, ...lines].join('\n')}\n`;
}
