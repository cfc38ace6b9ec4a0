import type { AppealEvent, Remedy } from '../../domain/appeals/index.js';
import type { ResultInput } from '../../domain/tournament/index.js';
import type { Strings } from './page-views.js';

type Decided = Extract<AppealEvent, { type: 'appeals.AppealDecided' }>['data'];

/** A result as the committee ordered it (the players come from the pairing, as on the API). */
function orderedResult(r: ResultInput, names: ReadonlyMap<string, string>, s: Strings): string {
  switch (r.kind) {
    case 'played': {
      const mark = r.outcome === 'draw' ? '½–½' : r.outcome === 'first' ? '1–0' : '0–1';
      return r.score ? `${mark} (${r.score.first}–${r.score.second})` : mark;
    }
    case 'forfeit':
      return `${r.absent === 'first' ? '0F–1F' : '1F–0F'} (${s.forfeit})`;
    case 'double-forfeit':
      return s.doubleForfeit;
    case 'mahjong-table':
      return r.seats.map((seat) => `${names.get(seat.player) ?? seat.player} ${seat.points > 0 ? '+' : ''}${seat.points}`).join(', ');
  }
}

/**
 * One remedy in words. A re-pairing says which round, never what the runtime found (`found` may tell that the next
 * round was paired and not yet published: RULES.unpublishedHidden).
 */
function remedyText(r: Remedy, names: ReadonlyMap<string, string>, s: Strings): string {
  const a = s.appeal;
  switch (r.kind) {
    case 'correct-result':
      return a.correctResult(r.round, r.table, orderedResult(r.result, names, s));
    case 'cancel-penalty':
      return a.cancelPenalty(r.penaltyId);
    case 'reduce-penalty':
      return a.reducePenalty(r.penaltyId, r.amount);
    case 'order-replay':
      return `${a.orderReplay(r.round, r.table)}: ${r.instructions}`;
    case 're-pair-next-round':
      return a.rePair(r.round + 1);
  }
}

/**
 * A final appeal decision as the public reads it (GET /v1/appeals/:id without the file): the contested decision's
 * kind, the outcome, the reasons, the remedies, when and whether final. Never the grounds, statements, votes,
 * hearing, minutes, deposit or committee (the file's).
 */
export function appealView(appealId: string, contestedType: string, d: Decided, names: ReadonlyMap<string, string>, s: Strings) {
  return {
    id: appealId,
    title: s.appeal.title(appealId),
    contested: s.appeal.types[contestedType] ?? contestedType,
    outcome: s.appeal.outcomes[d.outcome] ?? d.outcome,
    reasons: d.reasons,
    remedies: d.remedies.map((r) => remedyText(r, names, s)),
    at: d.at,
    final: d.final ? s.appeal.final : s.appeal.notFinal,
  };
}
