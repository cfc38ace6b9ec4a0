import type { MahjongState, MahjongTable } from './mahjong.types.js';
import { roundOf, totalsOf } from './table-state.js';

/** A table's score card (null before the session starts): every hand with its payments and running totals, the net. */
export function scorecard(id: string, state: MahjongState) {
  return state.phase === 'none' ? null : cardOf(id, state.phase, state.table);
}

/** The card as the API and the pages show it. */
export type Scorecard = ReturnType<typeof cardOf>;

function cardOf(id: string, phase: string, t: MahjongTable) {
  const running = [0, 0, 0, 0];
  const hands = t.card.map((l) => {
    l.payments.forEach((p, i) => (running[i] += p));
    const o = l.outcome;
    return {
      hand: l.hand,
      round: roundOf(t, l.hand),
      dealer: l.dealer,
      winds: l.winds,
      outcome: o.kind === 'drawn' ? 'drawn' : o.by,
      winner: o.kind === 'win' ? o.winner : null,
      from: o.kind === 'win' ? (o.from ?? null) : null,
      liable: l.liability?.liable ?? null,
      liability: l.liability?.reason ?? null,
      points: l.scoring?.total ?? 0,
      elements: l.scoring?.elements ?? [],
      payments: l.payments,
      running: [...running],
      confirmedBy: l.confirmedBy,
      flag: l.flag,
      corrections: l.corrections,
    };
  });
  const totals = totalsOf(t.card);
  return {
    id,
    phase,
    players: t.players,
    link: t.link,
    hands,
    totals,
    penaltyPoints: t.penaltyPoints,
    net: totals.map((x, i) => x - t.penaltyPoints[i]),
    signedBy: t.signedBy,
    locked: t.locked,
  };
}
