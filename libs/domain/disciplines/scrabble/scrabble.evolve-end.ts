/** evolve for the end of a game and after: end racks, penalties, corrections, recount, signing, annotations. */
import { assertNever } from '../../kernel/decider.js';
import { runSeat } from './clock.js';
import { addToSet } from './tile-set.js';
import type { ScrabbleState } from './scrabble.state.js';
import { faceDownToRack, gameOf, setRack, updateTurn, withGame, withLedger } from './scrabble.game-updates.js';
import type { EventOf } from './scrabble.events.js';

export type EndEvent = EventOf<
  | 'scrabble.GameEnded'
  | 'scrabble.TimePenaltyApplied'
  | 'scrabble.EndRackScored'
  | 'scrabble.RackDisagreementFlagged'
  | 'scrabble.ScoreCorrected'
  | 'scrabble.RecountRequested'
  | 'scrabble.RecountCompleted'
  | 'scrabble.ResultSlipSigned'
  | 'scrabble.SignatureWithdrawn'
  | 'scrabble.TurnAnnotated'
  | 'scrabble.GameFinished'
  | 'scrabble.SignedResultCorrected'
>;

export function evolveEnd(state: ScrabbleState, event: EndEvent): ScrabbleState {
  const at = event.data.at;
  switch (event.type) {
    case 'scrabble.GameEnded': {
      let g = faceDownToRack(gameOf(state));
      if (g.exchangeAside) {
        const a = g.exchangeAside; // the exchange could not be completed: the tiles stay the player's (see traceability notes)
        g = { ...setRack(g, a.seat, addToSet(g.racks[a.seat], a.count, a.tiles)), exchangeAside: null };
      }
      g = { ...g, turns: g.turns.map((t) => (t.status === 'pending' ? { ...t, status: 'accepted' } : t)), clock: runSeat(g.clock, null, at) };
      const d = event.data;
      return { phase: 'ended', game: g, end: { reason: d.reason, at, outBy: d.outBy, racksSettled: false, recount: 'none', signedBy: [] } };
    }
    case 'scrabble.TimePenaltyApplied': {
      const g = gameOf(state);
      return withGame(state, withLedger(g, { seat: event.data.seat, kind: 'time-penalty', points: -event.data.points, turn: null }));
    }
    case 'scrabble.EndRackScored': {
      const g = withLedger(gameOf(state), { seat: event.data.seat, kind: 'end-rack', points: event.data.points, turn: null });
      if (state.phase !== 'ended') return withGame(state, g);
      const done = state.end.reason === 'went-out' || g.ledger.filter((e) => e.kind === 'end-rack').length >= 2;
      return { ...state, game: g, end: { ...state.end, racksSettled: done } };
    }
    case 'scrabble.RackDisagreementFlagged': {
      const g = gameOf(state);
      const d = event.data;
      return withGame(state, {
        ...g,
        flags: [
          ...g.flags,
          { kind: 'rack-disagreement', at, turn: null, detail: `seat ${d.seat}: entered ${d.entered.join('')}, derived ${d.derived.join('')}` },
        ],
      });
    }
    case 'scrabble.ScoreCorrected': {
      const d = event.data;
      const g = updateTurn(gameOf(state), d.turn, (t) => ({ ...t, score: d.to }));
      return withGame(state, withLedger(g, { seat: d.seat, kind: 'correction', points: d.to - d.from, turn: d.turn }));
    }
    case 'scrabble.RecountRequested':
      return state.phase === 'ended' ? { ...state, end: { ...state.end, recount: 'requested' } } : state;
    case 'scrabble.RecountCompleted':
      return state.phase === 'ended' ? { ...state, end: { ...state.end, recount: 'done' } } : state;
    case 'scrabble.ResultSlipSigned':
      return state.phase === 'ended' ? { ...state, end: { ...state.end, signedBy: [...state.end.signedBy, event.data.seat] } } : state;
    case 'scrabble.SignatureWithdrawn':
      return state.phase === 'ended' ? { ...state, end: { ...state.end, signedBy: state.end.signedBy.filter((s) => s !== event.data.seat) } } : state;
    case 'scrabble.TurnAnnotated': {
      const d = event.data;
      return withGame(
        state,
        updateTurn(gameOf(state), d.turn, (t) => {
          const w = t.written ?? { rack: null, word: null, exchanged: null, notes: [], source: d.source };
          return {
            ...t,
            written: {
              rack: d.rack ?? w.rack,
              word: d.word ?? w.word,
              exchanged: d.exchanged ?? w.exchanged,
              notes: d.note === null ? w.notes : [...w.notes, d.note],
              source: w.source,
            },
          };
        }),
      );
    }
    case 'scrabble.GameFinished': {
      const g = gameOf(state);
      return { phase: 'finished', game: g, end: state.phase === 'ended' ? state.end : null, result: event.data.result };
    }
    case 'scrabble.SignedResultCorrected': {
      if (state.phase !== 'finished') return state;
      // Seed 分數: 「除非雙方因分數顛倒而獲比賽總監同意更改」 — the game's own scores follow the corrected result
      // through a ledger line per seat carrying the TD decision, so every view (game, score sheet, GCG) tells one story.
      const d = event.data;
      const decision = { tdDecision: d.tdDecision, at, by: d.by.id };
      let g = state.game;
      for (const seat of [0, 1] as const) g = withLedger(g, { seat, kind: 'reversal', points: d.after[seat] - g.scores[seat], turn: null, decision });
      return { ...state, game: g, result: d.result };
    }
    default:
      return assertNever(event, 'scrabble end event');
  }
}
