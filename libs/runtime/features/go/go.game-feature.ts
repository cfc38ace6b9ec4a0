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
import type { ResultInput } from '../../../domain/tournament/index.js';
import type { RecordedEvent } from '../../../store/event-store.port.js';
import { OFFICIALS_OBSERVE, OPEN_INFORMATION, ownSeatOnly, type GameCommandBody, type GameFeature } from '../../games/game-feature.js';
import { recordedResult, sideOf } from '../../games/linked-result.js';

export type GoCommandBody = GameCommandBody<GoStep>;

/**
 * A finished linked game's result in the tournament's terms: seat `link.firstSeat` is the pairing's first.
 * A loss by absence (Ing rules 第八条 裁败 (1) 缺席) is the tournament's forfeit; every other end is a played result.
 */
export function goTournamentResult(event: RecordedEvent, gameId: string) {
  if (event.type !== 'go.GameEnded') return null;
  const { result, link } = event.data as { result: GoResult; link: GoLink | null };
  if (!link) return null;
  const side = (seat: 0 | 1) => sideOf(link.firstSeat, seat);
  const input: ResultInput =
    result.reason === 'absence' && result.winner !== null
      ? { kind: 'forfeit', absent: side(result.winner === 0 ? 1 : 0) }
      : { kind: 'played', outcome: result.winner === null ? 'draw' : side(result.winner) };
  return recordedResult(link, gameId, input);
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
  // Ing rules 第十条 计时: the Ing clock shows basic time and, under byo-yomi overtime, the periods left.
  clock: { periods: true },
  command: (body, context) => goCommand(body as GoStep, context),
  ...OPEN_INFORMATION,
  resultEvents: ['go.GameEnded'],
  toTournamentResult: goTournamentResult,
  readModel: {
    // 3: a game's document is persisted as a snapshot and a journal of its events (issue 34).
    version: 3,
    extras: () => ({}),
    summary: (s) => ({ phase: s.phase, scores: points(s) }),
  },
};
