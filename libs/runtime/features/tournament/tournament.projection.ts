import { changesPublicView, missingResults, roundKey, type OpenTournament, type RoundState, type TournamentEvent } from '../../../domain/tournament/index.js';
import type { RecordedEvent } from '../../../store/event-store.port.js';
import type { DocumentTx, Projection } from '../../projections/projection.js';
import { provisionalDocuments } from './provisional-documents.js';
import { standingsDocuments } from './standings-documents.js';
import { summaryOf } from './tournament-documents.js';
import { FOLD_RECOVERY, foldedState, foldInto, handlesTournamentEvent, materializeState, tournamentOf } from './tournament-fold.js';
import {
  COLLECTIONS,
  roundDocKey,
  TOURNAMENTS_PROJECTION,
  type AsOf,
  type CorrectionEntry,
  type RoundDocument,
  type TournamentIndexEntry,
  type TournamentListItem,
} from './tournament-read-model.js';

const ROUND_EVENTS = new Set([
  'tournament.RoundPaired',
  'tournament.RoundPublished',
  'tournament.RoundLocked',
  'tournament.ResultRecorded',
  'tournament.ResultCorrected',
]);

/** What a round's pairing adds to its document, written once when it is paired (rounds are paired once: RULES.roundOrder). */
const ROUND_PAIRING = 'round-pairing';
/** What the round's later events add (when published and locked, corrections) and the asOf of its last event: small. */
const ROUND_MARKS = 'round-marks';
type RoundPairingRecord = Pick<RoundDocument, 'repeats' | 'explanation' | 'pairedAt'>;
type RoundMarks = Pick<RoundDocument, 'tournament' | 'division' | 'round' | 'corrections' | 'publishedAt' | 'lockedAt' | 'asOf'>;

/** A round's document: the round as folded (games, results, status), its pairing record and its marks. */
function roundDocument(r: RoundState, pairing: RoundPairingRecord, marks: RoundMarks): RoundDocument {
  return {
    tournament: marks.tournament,
    division: r.division,
    round: r.round,
    status: r.status,
    method: r.method,
    games: r.games,
    tables: r.tables,
    bye: r.bye,
    ...(r.byes !== undefined && { byes: r.byes }),
    ...(r.out !== undefined && { out: r.out }),
    repeats: pairing.repeats,
    explanation: pairing.explanation,
    results: r.results,
    missing: missingResults(r),
    corrections: marks.corrections,
    pairedAt: pairing.pairedAt,
    publishedAt: marks.publishedAt,
    lockedAt: marks.lockedAt,
    asOf: marks.asOf,
  };
}

/**
 * A round event: its marks stored (a few hundred bytes, where the whole round with every result was written per
 * result), its document deferred (computed when first read, from the round as this event left it).
 */
function updateRoundDocument(docs: DocumentTx, id: string, t: OpenTournament, event: RecordedEvent, asOf: AsOf): void {
  const e = { type: event.type, data: event.data } as TournamentEvent;
  if (!ROUND_EVENTS.has(e.type)) return;
  const { division, round } = e.data as { division: string; round: number };
  const r = t.rounds[roundKey(division, round)];
  const key = roundDocKey(id, division, round);
  const paired = e.type === 'tournament.RoundPaired' ? e.data : null;
  const stored = paired ? undefined : docs.get<RoundPairingRecord>(ROUND_PAIRING, key);
  // Written when the round is paired; a round with none stored gets an empty record at its first event here.
  const pairing: RoundPairingRecord = stored ?? {
    repeats: paired ? paired.repeats : [],
    explanation: paired ? paired.explanation : [],
    pairedAt: event.meta.recordedAt,
  };
  if (!stored) docs.put(ROUND_PAIRING, key, pairing);
  const before = docs.get<RoundMarks>(ROUND_MARKS, key);
  const corrections: CorrectionEntry[] = [...(before?.corrections ?? [])];
  if (e.type === 'tournament.ResultCorrected')
    corrections.push({
      table: e.data.table,
      corrects: e.data.corrects,
      result: e.data.result,
      reason: e.data.reason,
      decidedBy: e.data.decidedBy,
      at: event.meta.recordedAt,
    });
  const marks: RoundMarks = {
    tournament: id,
    division,
    round,
    corrections,
    publishedAt: e.type === 'tournament.RoundPublished' ? event.meta.recordedAt : (before?.publishedAt ?? null),
    lockedAt: e.type === 'tournament.RoundLocked' ? event.meta.recordedAt : (before?.lockedAt ?? null),
    asOf,
  };
  docs.put(ROUND_MARKS, key, marks);
  docs.defer(COLLECTIONS.round, key, () => roundDocument(r, pairing, marks));
}

/** Projection.materialize for a round's document after a restart: the round as folded now (only its own events change it). */
function materializeRound(key: string, docs: DocumentTx): RoundDocument | undefined {
  const marks = docs.get<RoundMarks>(ROUND_MARKS, key);
  const pairing = docs.get<RoundPairingRecord>(ROUND_PAIRING, key);
  if (!marks || !pairing) return undefined;
  const t = foldedState(docs, marks.tournament);
  const r = t.status === 'open' ? t.rounds[roundKey(marks.division, marks.round)] : undefined;
  return r ? roundDocument(r, pairing, marks) : undefined;
}

/** The per-division documents this projection keeps from the state it folds. */
const DIVISION_DOCUMENTS = [standingsDocuments, provisionalDocuments];

/**
 * The tournament's record as documents, from one fold of each event: the folded decider state per tournament, its
 * summary and list entry, one document per paired round (pairing, explanation, results, corrections), and per division
 * the standings, crosstable and provisional pairings (per-division-documents.ts). The summary, the rounds' and the
 * divisions' documents, pure functions of the state and an asOf, are computed when first read (DocumentTx.defer).
 */
export const tournamentsProjection: Projection = {
  name: TOURNAMENTS_PROJECTION,
  // 2: rounds say whether they are published, players whether they withdrew, the list counts published rounds.
  // 3: the penalty ledger's points deductions are folded in (issue 10).
  // 4: the folded state is no longer stored whole after every event (tournament-fold.ts: a snapshot and a journal; same documents read).
  // 5: the summary and the rounds' documents are computed when first read (DocumentTx.defer), not after every event; the
  // folded state's journal is one document per event, a snapshot once the journal outgrows it (tournament-fold.ts); same documents read.
  // 6: the standings, crosstable and provisional pairings are kept here, from the same fold: they were two projections of
  // their own ('tournament-standings', 'tournament-provisional', retired), each folding and journaling every event again.
  // 7: the list entry keeps the public's position (`publicAsOf`), which the public standings and crosstable carry (issue 32).
  // 8: the public's asOf counts the public's own changes (its revision and position), not the stream's or the log's.
  version: 8,
  handles: handlesTournamentEvent,
  transient: [COLLECTIONS.state, COLLECTIONS.summary, COLLECTIONS.round, ...DIVISION_DOCUMENTS.flatMap((d) => d.collections)],
  recoveryOnly: FOLD_RECOVERY,
  materialize(collection, key, docs) {
    if (collection === COLLECTIONS.round) return materializeRound(key, docs);
    const division = DIVISION_DOCUMENTS.find((d) => d.collections.includes(collection));
    if (division) return division.materialize(collection, key, docs);
    if (collection !== COLLECTIONS.summary) return materializeState(collection, key, docs);
    // After a restart: the folded state and the asOf of the tournament's last event, which its list entry keeps.
    const item = docs.get<TournamentListItem>(COLLECTIONS.index, key);
    const t = foldedState(docs, key);
    return item && t.status === 'open' ? summaryOf(t, item.asOf) : undefined;
  },
  apply(event, docs) {
    const id = tournamentOf(event);
    const before = foldedState(docs, id);
    const folded = foldInto(docs, id, before, event);
    if (!folded) return;
    const { t, asOf } = folded;
    // The public's position (issue 32): moved only by an event that changed what the public sees, and counting those
    // events alone, so an unpublished round's pairing, byes and penalties move no public asOf, ETag or document, then or later.
    const previous = docs.get<TournamentIndexEntry>(COLLECTIONS.index, id)?.publicAsOf;
    const publicAsOf = previous && !changesPublicView(event, before, t) ? previous : publicStep(previous, asOf.at);
    docs.defer(COLLECTIONS.summary, id, () => summaryOf(t, asOf));
    docs.put(COLLECTIONS.index, id, {
      id,
      name: t.name,
      discipline: t.discipline,
      divisions: t.divisions,
      players: t.players.length,
      roundsPaired: Object.keys(t.rounds).length,
      roundsPublished: Object.values(t.rounds).filter((r) => r.status !== 'paired').length,
      asOf,
      publicAsOf,
    } satisfies TournamentIndexEntry);
    updateRoundDocument(docs, id, t, event, asOf);
    const e = { type: event.type, data: event.data } as TournamentEvent;
    // The standings and crosstable stored are the public's: they carry the public's position.
    for (const division of DIVISION_DOCUMENTS) division.mark(docs, id, before, t, e, division === standingsDocuments ? publicAsOf : asOf);
  },
  flush(docs) {
    for (const division of DIVISION_DOCUMENTS) division.flush(docs);
  },
};

/**
 * The public's asOf after one more public change, at `at`: its revision and its position both count the changes of the
 * tournament the public saw (0 for the creation, 1, 2…), so they are the same wherever, and whatever, was recorded unseen.
 */
function publicStep(previous: AsOf | undefined, at: string): AsOf {
  const n = previous === undefined ? 0 : previous.revision + 1;
  return { revision: n, position: n, at };
}

/** Projections the tournaments projection replaced (version 6): their documents and checkpoints are deleted at start. */
export const RETIRED_TOURNAMENT_PROJECTIONS = ['tournament-standings', 'tournament-provisional'];
