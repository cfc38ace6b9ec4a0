/** Folds the chess events into the game state (the board's FEN and clocks come from the events). */
import { remainingAt } from './clock.js';
import type { ChessEvent, ChessGame, ChessState, Seat } from './chess.types.js';

const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const bump = (pair: readonly [number, number], seat: Seat): [number, number] => (seat === 0 ? [pair[0] + 1, pair[1]] : [pair[0], pair[1] + 1]);

export function evolve(state: ChessState, event: ChessEvent): ChessState {
  if (event.type === 'chess.GameStarted') {
    const ms = event.data.timeControl.minutes * 60_000;
    const game: ChessGame = {
      players: event.data.players,
      link: event.data.link,
      timeControl: event.data.timeControl,
      startedAt: event.data.at,
      source: event.data.source ?? null,
      startFen: event.data.startFen ?? null,
      moves: [],
      fen: event.data.startFen ?? START_FEN,
      // An imported record was not timed here: its clocks never run (issue 30: no invented readings).
      clock: { remainingMs: [ms, ms], since: event.data.source ? null : event.data.at },
      drawOffer: null,
      illegalMoves: [0, 0],
      breaches: {},
      result: null,
    };
    return { phase: 'playing', game };
  }
  if (state.phase === 'none') return state;
  const g = state.game;
  const next = (game: ChessGame): ChessState => ({ phase: game.result ? 'finished' : state.phase, game });
  switch (event.type) {
    case 'chess.ClockRead':
      return next({ ...g, clock: { remainingMs: event.data.remainingMs, since: g.result ? null : event.data.at } });
    case 'chess.MoveMade': {
      const m = event.data;
      const remainingMs: [number, number] = [g.clock.remainingMs[0], g.clock.remainingMs[1]];
      if (m.remainingMs !== undefined) remainingMs[m.seat] = m.remainingMs;
      // A move by the offer's recipient declines the offer (FIDE 9.1.2).
      const drawOffer = g.drawOffer !== null && g.drawOffer !== m.seat ? null : g.drawOffer;
      return next({ ...g, moves: [...g.moves, m], fen: m.fen, clock: { remainingMs, since: g.source ? null : m.at }, drawOffer });
    }
    case 'chess.DrawOffered':
      return next({ ...g, drawOffer: event.data.seat });
    case 'chess.TimeAdded': {
      const remainingMs: [number, number] = [g.clock.remainingMs[0], g.clock.remainingMs[1]];
      remainingMs[event.data.seat] += event.data.ms;
      return next({ ...g, clock: { ...g.clock, remainingMs } });
    }
    case 'chess.IllegalMoveRuled':
      return next({ ...g, illegalMoves: bump(g.illegalMoves, event.data.offender) });
    case 'chess.BreachRuled':
      return next({ ...g, breaches: { ...g.breaches, [event.data.breach]: bump(g.breaches[event.data.breach] ?? [0, 0], event.data.offender) } });
    case 'chess.GameEnded':
      // The clocks stop when the game ends.
      return {
        phase: 'finished',
        game: { ...g, result: event.data.result, drawOffer: null, clock: { remainingMs: remainingAt(g, event.data.at), since: null } },
      };
    case 'chess.DrawClaimRefused':
    case 'chess.PenaltyImposed':
      return state;
  }
}
