/**
 * A Go tournament as an EGD-style results table (the European Go Database's ".h" tournament files): header
 * lines starting ";", then one line a player in place order: place, name, rank, country, club, points,
 * tie-breaks, then each round as the opponent's place with + (won), - (lost) or = (jigo), "/" and the
 * player's colour (b, w) and the handicap. A bye is "0+", a round without a result "0-", a result by
 * default (forfeit) marked "!".
 */
export interface EgdRound {
  readonly opponentPlace: number | null;
  readonly result: '+' | '-' | '=';
  readonly colour: 'b' | 'w' | null;
  readonly handicap: number;
  readonly byDefault: boolean;
}

export interface EgdPlayer {
  readonly place: number;
  readonly name: string;
  readonly rank: string;
  readonly country: string;
  readonly club: string;
  readonly points: number;
  /** The McMahon score the places are ordered by, when the tournament is a McMahon one (issue 30: written beside the points). */
  readonly mcmahon?: number;
  readonly tieBreaks: readonly number[];
  readonly rounds: readonly EgdRound[];
}

export interface EgdTournament {
  readonly name: string;
  readonly dates?: string;
  readonly compensation?: number;
  readonly basicTimeMinutes?: number;
  readonly tieBreaks: readonly string[];
  readonly players: readonly EgdPlayer[];
}

const cell = (r: EgdRound) =>
  r.opponentPlace === null ? `0${r.result}` : `${r.opponentPlace}${r.result}${r.byDefault ? '!' : ''}${r.colour ? `/${r.colour}${r.handicap}` : ''}`;

export function exportEgd(t: EgdTournament): string {
  // Issue 30: places follow the McMahon score in a McMahon tournament, so it is written (MMS) beside the points (wins).
  const mms = t.players.some((p) => p.mcmahon !== undefined);
  const header = [
    `; EV[${t.name}]`,
    ...(t.dates ? [`; DT[${t.dates}]`] : []),
    ...(t.compensation !== undefined ? [`; KM[${t.compensation}]`] : []),
    ...(t.basicTimeMinutes !== undefined ? [`; TM[${t.basicTimeMinutes}]`] : []),
    `; Pl Name Rk Co Club Pts ${mms ? 'MMS ' : ''}${t.tieBreaks.join(' ')} rounds`,
  ];
  const width = Math.max(4, ...t.players.map((p) => p.name.length));
  const lines = t.players.map((p) =>
    [
      String(p.place).padStart(4),
      p.name.replace(/\s+/g, '_').padEnd(width),
      p.rank.padEnd(4),
      (p.country || '-').padEnd(3),
      (p.club || '-').replace(/\s+/g, '_').padEnd(6),
      String(p.points).padStart(4),
      ...(mms ? [String(p.mcmahon ?? '').padStart(4)] : []),
      ...p.tieBreaks.map((v) => String(v).padStart(5)),
      ...p.rounds.map((r) => cell(r).padStart(8)),
    ].join(' '),
  );
  return `${[...header, ...lines].join('\n')}\n`;
}
