import { AMOUNT_UNIT } from './penalty-profile.js';
import { PENALTY_KINDS, type LedgerEntry, type PenaltyKind } from './penalties.types.js';

/** The net effect of one penalty: nothing once cancelled, else its current (possibly reduced) amount. */
export function netAmount(e: LedgerEntry): number | null {
  if (e.amount === null) return null;
  return e.status === 'cancelled' ? 0 : e.amount;
}

export interface KindTotals {
  readonly kind: PenaltyKind;
  readonly unit: 'points' | 'seconds' | 'tiles' | null;
  /** Penalties issued of this kind (escalated ones under the kind recorded). */
  readonly issued: number;
  readonly cancelled: number;
  /** Penalties reduced at least once. */
  readonly reduced: number;
  /** In force: issued and not cancelled. */
  readonly inForce: number;
  /** Sum of the amounts as issued, and net of cancellations and reductions (null for kinds without an amount). */
  readonly amountIssued: number | null;
  readonly amountNet: number | null;
}

/** Sums a set of ledger entries by kind (every kind listed, zeros included, in PENALTY_KINDS order). */
export function totalsByKind(entries: readonly LedgerEntry[]): KindTotals[] {
  return PENALTY_KINDS.map((kind) => {
    const of = entries.filter((e) => e.kind === kind);
    const unit = AMOUNT_UNIT[kind];
    const sum = (f: (e: LedgerEntry) => number | null) => (unit === null ? null : of.reduce((n, e) => n + (f(e) ?? 0), 0));
    return {
      kind,
      unit,
      issued: of.length,
      cancelled: of.filter((e) => e.status === 'cancelled').length,
      reduced: of.filter((e) => e.reductions.length > 0).length,
      inForce: of.filter((e) => e.status === 'active').length,
      amountIssued: sum((e) => e.issuedAmount),
      amountNet: sum(netAmount),
    };
  });
}
