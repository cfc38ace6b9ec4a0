/** Go (Ing rules) as a GameFeature: two seats (0 Black, 1 White), open information, results posted to the pairing. */
import {
  goCommand,
  goDecider,
  type GoCommand,
  type GoEvent,
  type GoLink,
  type GoResult,
  type GoState,
  type GoStep,
} from '../../../domain/disciplines/go/index.js';
import type { CommandContext } from '../../../domain/kernel/index.js';
import type { TournamentCommand } from '../../../domain/tournament/index.js';
import type { RecordedEvent } from '../../../store/event-store.port.js';
import { OFFICIALS_OBSERVE, OPEN_INFORMATION, ownSeatOnly, type GameFeature, type SentTime } from '../../games/game-feature.js';

export type GoCommandBody = GoStep extends infer S ? (S extends unknown ? Omit<S, 'clockReading'> : never) : never;

function clockReadingOf(sent: SentTime): { remainingMs: readonly [number, number]; periodsLeft?: readonly [number, number] } | undefined {
  const r = sent.clockReading as { remainingMs?: readonly number[]; periodsLeft?: readonly number[] } | undefined;
  if (!r?.remainingMs) return undefined;
  return { remainingMs: [r.remainingMs[0], r.remainingMs[1]], ...(r.periodsLeft && { periodsLeft: [r.periodsLeft[0], r.periodsLeft[1]] as const }) };
}

/**
 * A finished linked game's result in the tournament's terms: seat `link.firstSeat` is the pairing's first.
 * A loss by absence (Ing rules 第八条 裁败 (1) 缺席) is the tournament's forfeit; every other end is a played result.
 */
export function goTournamentResult(event: RecordedEvent, gameId: string) {
  if (event.type !== 'go.GameEnded') return null;
  const { result, link } = event.data as { result: GoResult; link: GoLink | null };
  if (!link) return null;
  const side = (seat: 0 | 1) => (seat === link.firstSeat ? ('first' as const) : ('second' as const));
  const target = { ...(link.division !== undefined && { division: link.division }), round: link.round, table: link.table };
  const input =
    result.reason === 'absence' && result.winner !== null
      ? { kind: 'forfeit' as const, absent: side(result.winner === 0 ? 1 : 0) }
      : { kind: 'played' as const, outcome: result.winner === null ? ('draw' as const) : side(result.winner) };
  return {
    tournamentId: link.tournamentId,
    command: (context: CommandContext): TournamentCommand => ({
      type: 'tournament.record-result',
      context,
      data: { ...target, result: input, source: { kind: 'game', gameId } },
    }),
  };
}

const points = (s: GoState): number[] => {
  if (s.phase !== 'finished' || !s.game.result) return [0, 0];
  const w = s.game.result.winner;
  return w === null ? [0.5, 0.5] : w === 0 ? [1, 0] : [0, 1];
};

export const GO_GAME: GameFeature<GoCommand, GoEvent, GoState, GoCommandBody, Record<string, never>> = {
  discipline: 'go',
  tournamentDisciplines: ['go'],
  aggregate: { name: 'go-game', decider: goDecider },
  seats: 2,
  exists: (s) => s.phase !== 'none',
  players: (s) => (s.phase === 'none' ? [] : s.game.players.map((p) => ({ id: p.id, name: p.name }))),
  link: (s) => (s.phase === 'none' ? null : s.game.link),
  playerActsFor: ownSeatOnly,
  // Ing rules 第十条 计时: times come from the timekeeper (officials) or the clock, never from a player.
  observedTime: OFFICIALS_OBSERVE,
  command(body, context, sent) {
    const clockReading = clockReadingOf(sent);
    return goCommand({ ...body, ...(clockReading && { clockReading }) } as GoStep, context);
  },
  ...OPEN_INFORMATION,
  resultEvents: ['go.GameEnded'],
  toTournamentResult: goTournamentResult,
  readModel: {
    version: 1,
    extras: () => ({}),
    summary: (s) => ({ phase: s.phase, scores: points(s) }),
  },
};
