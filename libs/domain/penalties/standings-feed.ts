import { findPlayer, type OpenTournament, type TournamentState } from '../tournament/index.js';
import type { PenaltyEvent } from './penalties.types.js';

/** Is this a ledger event (stream `penalties-<tournamentId>`)? */
export const isLedgerEvent = (type: string): boolean => type.startsWith('penalties.');

/**
 * The ledger feeds the standings (issue 10): a points penalty, net of its reductions and unless
 * cancelled, is a deduction from the offender only (WMC 行為守則 罰則 罰分: 扣分一般是只由犯規者的分數中扣除，
 * 不會加分給對手). It joins the tournament's standings penalties under `ref` = the penalty id, beside the
 * deductions recorded before the ledger (`tournament.PenaltyApplied`), which keep counting. Other kinds
 * change no standings here: a forfeit or a disqualification reaches the results through the result and
 * withdrawal commands, as a ruling decides.
 */
export function feedStandings(state: TournamentState, e: PenaltyEvent): TournamentState {
  if (state.status !== 'open') return state;
  const t: OpenTournament = state;
  switch (e.type) {
    case 'penalties.PenaltyIssued': {
      const d = e.data;
      if (d.kind !== 'points' || d.amount === null) return t;
      // Already taken off in the game's own score (e.g. a Scrabble time penalty, WESPA seed 過時): counting it here would deduct it twice.
      // A mahjong table's 罰分 are not in its zero-sum table points (WMC 行為守則 罰則 罰分): they are deducted here.
      if (d.appliedIn && !d.appliedIn.notInResult) return t;
      // The decider requires the round of a points deduction (LEDGER_RULES.target); 1 only for a record without one.
      const round = d.target.round ?? 1;
      return { ...t, penalties: [...t.penalties, { player: d.target.player, points: d.amount, round, reason: d.reason, ref: d.penaltyId }] };
    }
    case 'penalties.PenaltyCancelled':
      return { ...t, penalties: t.penalties.filter((p) => p.ref !== e.data.penaltyId) };
    case 'penalties.PenaltyReduced':
      return { ...t, penalties: t.penalties.map((p) => (p.ref === e.data.penaltyId ? { ...p, points: e.data.amount } : p)) };
    default:
      return t;
  }
}

/** The divisions whose standings a ledger event changes (the offender's), given the state before and after it. */
export function ledgerDivisions(before: TournamentState, after: TournamentState): string[] {
  if (before.status !== 'open' || after.status !== 'open' || before.penalties === after.penalties) return [];
  const changed = new Set<string>();
  const key = (p: { ref: string; points: number }) => `${p.ref}\u0000${p.points}`;
  const was = new Set(before.penalties.map(key));
  const now = new Set(after.penalties.map(key));
  for (const p of [...before.penalties.filter((x) => !now.has(key(x))), ...after.penalties.filter((x) => !was.has(key(x)))]) {
    const player = findPlayer(after, p.player);
    if (player) changed.add(player.division);
  }
  return [...changed];
}
