import { ledgerEntries, netAmount, totalsByKind, type KindTotals, type LedgerEntry } from '../../../domain/penalties/index.js';
import type { LedgerDocument } from './ledger.projection.js';

/** A penalty as listed: as issued, its cancellation and reductions, and its net effect. */
export interface LedgerEntryView extends LedgerEntry {
  /** The amount in force: 0 once cancelled, the last reduction's amount, else as issued (null for kinds without an amount). */
  readonly netAmount: number | null;
}

export interface LedgerView {
  readonly tournament: string;
  readonly discipline: string | null;
  readonly player?: string;
  readonly penalties: readonly LedgerEntryView[];
  readonly totals: readonly KindTotals[];
  readonly asOf: LedgerDocument['asOf'] | null;
}

// Object.assign, not a spread followed by new keys (slow on Node 20)
const view = (e: LedgerEntry): LedgerEntryView => Object.assign({}, e, { netAmount: netAmount(e) });

/** The ledger of a tournament (every penalty in issue order), as the tournament's officials read it. */
export function ledgerView(tournament: string, doc: LedgerDocument | undefined, player?: string): LedgerView {
  const all = doc ? ledgerEntries(doc.state) : [];
  const entries = player === undefined ? all : all.filter((e) => e.target.player === player);
  return {
    tournament,
    discipline: doc?.state.discipline ?? null,
    ...(player !== undefined && { player }),
    penalties: entries.map(view),
    totals: totalsByKind(entries),
    asOf: doc?.asOf ?? null,
  };
}

/**
 * One player's entries as the player reads them (issue 32): numbered among themselves, not by the ledger's revision or
 * the log's position, which count every player's entries, those of unpublished rounds included. `asOf` counts the
 * ledger events of his entries (issued, cancelled, each reduction: 0, 1, 2…; `revision` and `position` alike) and `at`
 * is the last one's time; `discipline` is the tournament's, whether or not anyone has an entry. `shown` leaves out the
 * entries he may not read yet (of a round paired and not published).
 */
export function playerLedgerView(
  tournament: string,
  discipline: string | null,
  doc: LedgerDocument | undefined,
  player: string,
  shown: (e: LedgerEntry) => boolean = () => true,
): LedgerView {
  const entries = (doc ? ledgerEntries(doc.state) : []).filter((e) => e.target.player === player && shown(e));
  const times = entries.flatMap((e) => [e.at, ...(e.cancellation ? [e.cancellation.at] : []), ...e.reductions.map((r) => r.at)]);
  const last = times.reduce<string | null>((max, t) => (max === null || Date.parse(t) > Date.parse(max) ? t : max), null);
  return {
    tournament,
    discipline,
    player,
    penalties: entries.map(view),
    totals: totalsByKind(entries),
    asOf: last === null ? null : { revision: times.length - 1, position: times.length - 1, at: last },
  };
}

export interface FederationReport {
  readonly tournaments: number;
  readonly discipline: string | null;
  readonly totals: readonly KindTotals[];
  /** Per tournament, its totals (kinds with nothing issued left out). */
  readonly byTournament: ReadonlyArray<{ readonly tournament: string; readonly discipline: string | null; readonly totals: readonly KindTotals[] }>;
}

/** The federation's report: every ledger (optionally of one discipline) summed by kind. */
export function federationReport(docs: readonly LedgerDocument[], discipline?: string): FederationReport {
  const chosen = docs.filter((d) => discipline === undefined || d.state.discipline === discipline).sort((a, b) => a.tournament.localeCompare(b.tournament));
  return {
    tournaments: chosen.length,
    discipline: discipline ?? null,
    totals: totalsByKind(chosen.flatMap((d) => ledgerEntries(d.state))),
    byTournament: chosen.map((d) => ({
      tournament: d.tournament,
      discipline: d.state.discipline,
      totals: totalsByKind(ledgerEntries(d.state)).filter((t) => t.issued > 0),
    })),
  };
}
