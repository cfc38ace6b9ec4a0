/**
 * The cross-table the FIDE Dutch system pairs from (pairing/types.ts `PairingRecord`), built from a
 * division's recorded rounds: colours from the pairing (first = white), points and whether the game
 * was played from the results (a forfeit is not a played game, C.04.1), the pairing-allocated bye
 * from the round's bye. A requested bye worth points (TRF-16 H, F) is an unplayed round without an opponent, with its
 * points, as the TRF checker reads H and F. A round a player took no part in otherwise (late entry, zero-point absence,
 * withdrawal) has no entry: nothing is filled in for it.
 */
import type { CrossEntry, CrossRow } from '../pairing/dutch/players.js';
import type { PairingRecord } from '../pairing/types.js';
import { bakuAcceleration } from '../pairing/dutch/baku.js';
import { linesOf } from '../standings/tally.js';
import { requestedByeResults } from './requested-byes.js';
import { byesOf, roundsOf, type OpenTournament } from './tournament.state.js';

export function dutchRecordFor(t: OpenTournament, division: string, round: number, seedOf: ReadonlyMap<string, number>): PairingRecord {
  const entries = new Map<string, CrossEntry[]>();
  const push = (id: string, e: CrossEntry): void => {
    const list = entries.get(id) ?? [];
    list.push(e);
    entries.set(id, list);
  };
  for (const r of roundsOf(t, division).filter((x) => x.round < round)) {
    const byes = new Set(byesOf(r));
    const scored = new Map<string, { points: number; played: boolean }>();
    for (const result of Object.values(r.results))
      for (const [id, line] of linesOf(result, t.profile)) scored.set(id, { points: line.points, played: line.played });
    for (const g of r.games) {
      for (const [id, opponent, colour] of [
        [g.first, g.second, 'W'],
        [g.second, g.first, 'B'],
      ] as const) {
        // A game without a result yet counts as played (it was paired and sat down to), with no points so far.
        const s = scored.get(id) ?? { points: 0, played: true };
        push(id, { round: r.round, opponent, colour, played: s.played, points: s.points, pab: false });
      }
    }
    for (const id of byes) push(id, { round: r.round, opponent: null, colour: null, played: false, points: scored.get(id)?.points ?? 0, pab: true });
  }
  for (const bye of requestedByeResults(t, division, round - 1))
    for (const [id, line] of linesOf(bye, t.profile))
      push(id, { round: bye.round, opponent: null, colour: null, played: false, points: line.points, pab: false });
  const rows: CrossRow[] = t.players
    .filter((p) => p.division === division)
    .map((p) => ({ id: p.id, tpn: seedOf.get(p.id) as number, entries: entries.get(p.id) ?? [] }));
  const virtual = virtualPointsOf(t, division, seedOf);
  return {
    rows,
    ...(virtual !== null && { virtualPoints: virtual }),
    // Without a planned number of rounds no round is known to be the last (topscorers, C.04.3 A.7, never arise).
    plannedRounds: t.roundsPlanned ?? Number.MAX_SAFE_INTEGER,
    points: { win: t.profile.points.win, loss: t.profile.points.loss },
  };
}

/**
 * Baku acceleration (C.04.5.1) when the profile asks for it: each GA player's virtual points by round. GA is the top of
 * the initial order of the players who start the tournament (a late entry is seeded below them).
 */
export function virtualPointsOf(t: OpenTournament, division: string, seedOf: ReadonlyMap<string, number>): Record<string, number[]> | null {
  if (t.profile.acceleration !== 'baku' || t.roundsPlanned === null) return null;
  const initial = t.players.filter((p) => p.division === division && p.joinsAtRound === 1).sort((a, b) => (seedOf.get(a.id) ?? 0) - (seedOf.get(b.id) ?? 0));
  return Object.fromEntries(
    bakuAcceleration(
      initial.map((p) => p.id),
      t.roundsPlanned,
    ),
  );
}
