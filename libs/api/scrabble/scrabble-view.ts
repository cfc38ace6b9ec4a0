/** Views of a game derived from the folded decider state, with tiles hidden from whoever may not see them. */
import {
  exportGcg,
  otherSeat,
  remainingAt,
  scoreSheet,
  unseenTiles,
  type Game,
  type ScrabbleState,
  type Seat,
} from '../../domain/disciplines/scrabble/index.js';
import { redactState, type ScrabbleGameDocument } from '../../runtime/features/scrabble/index.js';
import { sees, type Viewer } from '../games/game-access.js';

/** Who acts next, and how. */
function toAct(state: ScrabbleState): { seat: Seat | null; action: string } | null {
  switch (state.phase) {
    case 'none':
    case 'finished':
      return null;
    case 'setup':
      return { seat: null, action: 'draw-tiles' };
    case 'ended':
      return { seat: null, action: state.end.recount === 'requested' ? 'complete-recount' : state.end.racksSettled ? 'sign-result-slip' : 'enter-end-racks' };
    case 'playing': {
      const s = state.status;
      if (s.kind === 'to-move') return { seat: s.seat, action: s.tentative ? 'press-clock' : 'move' };
      if (s.kind === 'pending')
        return {
          seat: otherSeat(s.seat),
          action: s.goingOut ? 'accept-or-challenge' : s.hold ? 'accept-or-challenge (held)' : 'accept, hold, challenge or move',
        };
      if (s.kind === 'challenged') return { seat: null, action: 'adjudicate-challenge' };
      return { seat: s.seat, action: 'reannounce-score' };
    }
  }
}

/**
 * The clock as of `now` (the request's instant, from the server — views stay pure), with the reading
 * as of the last recorded event beside it and the instant the running side started, so a client can
 * also compute the time left itself.
 */
function clockView(g: Game, asOfEvent: string, now: string) {
  // A reading is never taken before the last recorded event (an observed time may be slightly ahead of the server).
  const at = Date.parse(now) < Date.parse(asOfEvent) ? asOfEvent : now;
  // Object.assign, not a spread followed by new keys (slow on Node 20).
  return Object.assign({}, g.clock, {
    remainingMs: remainingAt(g.clock, at, g.profile.timePerSideMs),
    asOf: at,
    runningSince: g.clock.running === null ? null : g.clock.since,
    atLastEvent: { at: asOfEvent, remainingMs: remainingAt(g.clock, asOfEvent, g.profile.timePerSideMs) },
  });
}

/** Corrections of a signed result (seed 分數: reversed scores, by TD decision), as recorded. */
function correctionsOf(g: Game) {
  const out: { kind: 'reversed-scores'; tdDecision: string; at: string; by: string; points: [number, number] }[] = [];
  for (const e of g.ledger) {
    if (e.kind !== 'reversal' || !e.decision) continue;
    const last = out[out.length - 1];
    if (last && last.at === e.decision.at && last.tdDecision === e.decision.tdDecision) last.points[e.seat] = e.points;
    else out.push({ kind: 'reversed-scores', ...e.decision, points: e.seat === 0 ? [e.points, 0] : [0, e.points] });
  }
  return out;
}

/** `now`: the instant of the request (ISO); the clock is read as of then. */
export function gameView(doc: ScrabbleGameDocument, v: Viewer, now: string) {
  const state = redactState(doc.state, v);
  if (state.phase === 'none') return null;
  const g = state.game;
  const status = state.phase === 'playing' ? state.status : null;
  const full = doc.state.phase === 'none' ? null : doc.state.game;
  const unseen = full?.tracking ? ([0, 1] as const).map((s) => (sees(v, s) ? unseenTiles(full, s) : null)) : [null, null];
  return {
    id: doc.id,
    phase: state.phase,
    players: g.players,
    starter: g.starter,
    clockSide: g.clockSide,
    tracking: g.tracking,
    profile: g.profile,
    link: g.link,
    // Issue 30: an imported record shows where it came from, and has no clock of its own.
    imported: g.source,
    board: g.board,
    scores: g.scores,
    bag: g.bag,
    racks: g.racks,
    /** Unseen tiles from each seat's view (bag + opponent's rack), tracked games only; null where hidden. */
    unseen,
    faceDown: g.faceDown,
    exchangeAside: g.exchangeAside,
    toAct: toAct(state),
    status,
    hold: status?.kind === 'pending' && status.hold ? { ...status.hold, turn: status.turn } : null,
    challenge: status?.kind === 'challenged' ? { turn: status.turn, challenger: status.challenger, words: status.words, proposals: status.proposals } : null,
    clock: g.source ? null : clockView(g, doc.asOf.at, now),
    zeroRun: g.zeroRun,
    turns: g.turns,
    flags: g.flags,
    incidents: g.incidents,
    end: state.phase === 'ended' || state.phase === 'finished' ? state.end : null,
    result: state.phase === 'finished' ? state.result : null,
    /** Seed 分數: a signed result changed only for reversed scores, by TD decision; `scores` above already include it. */
    corrections: correctionsOf(g),
    tilesVisible: v.kind,
    createdBy: doc.createdBy,
    revision: doc.asOf.revision,
    asOf: doc.asOf,
  };
}

export function scoreSheetView(doc: ScrabbleGameDocument, v: Viewer) {
  const state = redactState(doc.state, v);
  return {
    id: doc.id,
    phase: state.phase,
    rows: scoreSheet(state, doc.endRacks),
    scores: state.phase === 'none' ? [0, 0] : state.game.scores,
    corrections: state.phase === 'none' ? [] : correctionsOf(state.game),
    asOf: doc.asOf,
  };
}

export function gcgView(doc: ScrabbleGameDocument, v: Viewer): string {
  return exportGcg(redactState(doc.state, v), doc.endRacks);
}
