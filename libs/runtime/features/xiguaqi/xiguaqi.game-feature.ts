/**
 * Xiguaqi as a GameFeature: one aggregate per match at a table (its games inside), two seats, open
 * information; the match's result (games won, pieces captured) is posted to the pairing (西瓜棋规则 第十条).
 */
import {
  gameWins,
  xiguaqiCommand,
  xiguaqiDecider,
  type MatchOutcome,
  type XiguaqiCommand,
  type XiguaqiEvent,
  type XiguaqiLink,
  type XiguaqiState,
  type XiguaqiStep,
} from '../../../domain/disciplines/xiguaqi/index.js';
import type { ResultInput } from '../../../domain/tournament/index.js';
import type { RecordedEvent } from '../../../store/event-store.port.js';
import { OFFICIALS_OBSERVE, OPEN_INFORMATION, ownSeatOnly, type GameCommandBody, type GameFeature } from '../../games/game-feature.js';
import { recordedResult, sideOf } from '../../games/linked-result.js';

export type XiguaqiCommandBody = GameCommandBody<XiguaqiStep>;

/** A finished linked match in the tournament's terms: seat `link.firstSeat` is the pairing's first. */
export function xiguaqiTournamentResult(event: RecordedEvent, gameId: string) {
  if (event.type !== 'xiguaqi.MatchEnded') return null;
  const { outcome, link } = event.data as { outcome: MatchOutcome; link: XiguaqiLink | null };
  if (!link) return null;
  const first = link.firstSeat;
  const second = first === 0 ? 1 : 0;
  const side = (seat: 0 | 1) => sideOf(first, seat);
  const pair = (v: readonly [number, number]) => ({ first: v[first], second: v[second] });
  const result: ResultInput =
    outcome.forfeitedBy !== undefined
      ? { kind: 'forfeit', absent: side(outcome.forfeitedBy) }
      : {
          kind: 'played',
          outcome: outcome.winner === null ? 'draw' : side(outcome.winner),
          games: pair(outcome.games),
          captured: pair(outcome.captured),
        };
  return recordedResult(link, gameId, result);
}

export const XIGUAQI_GAME: GameFeature<XiguaqiCommand, XiguaqiEvent, XiguaqiState, XiguaqiCommandBody, Record<string, never>> = {
  discipline: 'xiguaqi',
  tournamentDisciplines: ['xiguaqi'],
  aggregate: { name: 'xiguaqi-game', decider: xiguaqiDecider },
  seats: 2,
  exists: (s) => s.phase !== 'none',
  players: (s) => (s.phase === 'none' ? [] : s.match.players),
  link: (s) => (s.phase === 'none' ? null : s.match.link),
  playerActsFor: ownSeatOnly,
  observedTime: OFFICIALS_OBSERVE,
  clock: { periods: false },
  command: (body, context) => xiguaqiCommand(body as XiguaqiStep, context),
  ...OPEN_INFORMATION,
  resultEvents: ['xiguaqi.MatchEnded'],
  toTournamentResult: xiguaqiTournamentResult,
  readModel: {
    // 2: a game's document is persisted as a snapshot and a journal of its events (issue 34).
    version: 2,
    extras: () => ({}),
    // The list entry's scores: games won in the match by each seat.
    summary: (s) => ({ phase: s.phase, scores: s.phase === 'none' ? [0, 0] : gameWins(s.match) }),
  },
};
