/** Rapid chess as a GameFeature: two seats (0 White, 1 Black), open information, results posted to the pairing. */
import {
  chessCommand,
  chessDecider,
  type ChessCommand,
  type ChessEvent,
  type ChessLink,
  type ChessResult,
  type ChessState,
  type ChessStep,
} from '../../../domain/disciplines/chess/index.js';
import type { RecordedEvent } from '../../../store/event-store.port.js';
import { OFFICIALS_OBSERVE, OPEN_INFORMATION, ownSeatOnly, type GameCommandBody, type GameFeature } from '../../games/game-feature.js';
import { recordedResult, sideOf } from '../../games/linked-result.js';

export type ChessCommandBody = GameCommandBody<ChessStep>;

/** A finished linked game's result in the tournament's terms: seat `link.firstSeat` is the pairing's first. */
export function chessTournamentResult(event: RecordedEvent, gameId: string) {
  if (event.type !== 'chess.GameEnded') return null;
  const { result, link } = event.data as { result: ChessResult; link: ChessLink | null };
  if (!link) return null;
  return recordedResult(link, gameId, { kind: 'played', outcome: result.winner === null ? 'draw' : sideOf(link.firstSeat, result.winner) });
}

const points = (s: ChessState): number[] => {
  if (s.phase !== 'finished' || !s.game.result) return [0, 0];
  const w = s.game.result.winner;
  return w === null ? [0.5, 0.5] : w === 0 ? [1, 0] : [0, 1];
};

export const CHESS_GAME: GameFeature<ChessCommand, ChessEvent, ChessState, ChessCommandBody, Record<string, never>> = {
  discipline: 'chess',
  tournamentDisciplines: ['chess-rapid'],
  aggregate: { name: 'chess-game', decider: chessDecider },
  seats: 2,
  exists: (s) => s.phase !== 'none',
  players: (s) => (s.phase === 'none' ? [] : s.game.players),
  link: (s) => (s.phase === 'none' ? null : s.game.link),
  playerActsFor: ownSeatOnly,
  observedTime: OFFICIALS_OBSERVE,
  clock: { periods: false },
  command: (body, context) => chessCommand(body as ChessStep, context),
  ...OPEN_INFORMATION,
  resultEvents: ['chess.GameEnded'],
  toTournamentResult: chessTournamentResult,
  readModel: {
    // 2: a game's document is persisted as a snapshot and a journal of its events (issue 34).
    version: 2,
    extras: () => ({}),
    summary: (s) => ({ phase: s.phase, scores: points(s) }),
  },
};
