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
import type { CommandContext } from '../../../domain/kernel/index.js';
import type { TournamentCommand } from '../../../domain/tournament/index.js';
import type { RecordedEvent } from '../../../store/event-store.port.js';
import { OFFICIALS_OBSERVE, OPEN_INFORMATION, ownSeatOnly, type GameFeature, type SentTime } from '../../games/game-feature.js';

export type ChessCommandBody = ChessStep extends infer S ? (S extends unknown ? Omit<S, 'clockReading'> : never) : never;

function clockReadingOf(sent: SentTime): { remainingMs: readonly [number, number] } | undefined {
  const r = (sent.clockReading as { remainingMs?: readonly number[] } | undefined)?.remainingMs;
  return r ? { remainingMs: [r[0], r[1]] } : undefined;
}

/** A finished linked game's result in the tournament's terms: seat `link.firstSeat` is the pairing's first. */
export function chessTournamentResult(event: RecordedEvent, gameId: string) {
  if (event.type !== 'chess.GameEnded') return null;
  const { result, link } = event.data as { result: ChessResult; link: ChessLink | null };
  if (!link) return null;
  const outcome = result.winner === null ? ('draw' as const) : result.winner === link.firstSeat ? ('first' as const) : ('second' as const);
  const target = { ...(link.division !== undefined && { division: link.division }), round: link.round, table: link.table };
  return {
    tournamentId: link.tournamentId,
    command: (context: CommandContext): TournamentCommand => ({
      type: 'tournament.record-result',
      context,
      data: { ...target, result: { kind: 'played', outcome }, source: { kind: 'game', gameId } },
    }),
  };
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
  command(body, context, sent) {
    // An official's clock reading is part of the command's data, recorded before the command.
    const clockReading = clockReadingOf(sent);
    return chessCommand({ ...body, ...(clockReading && { clockReading }) } as ChessStep, context);
  },
  ...OPEN_INFORMATION,
  resultEvents: ['chess.GameEnded'],
  toTournamentResult: chessTournamentResult,
  readModel: {
    version: 1,
    extras: () => ({}),
    summary: (s) => ({ phase: s.phase, scores: points(s) }),
  },
};
