/** The xiguaqi match decider: decide a command on the recorded match, or refuse it naming the rule. */
import { clockReadFirst, refuse, type ClockReading, type Decider } from '../../kernel/index.js';
import { decideNextGame, decideStartMatch } from './decide-start.js';
import { decidePlay, gameEnded } from './decide-play.js';
import { capturedTotals, gameWins } from './match.js';
import { other } from './position.js';
import { RULES } from './xiguaqi.rules.js';
import { evolve } from './xiguaqi.evolve.js';
import type { XiguaqiCommand, XiguaqiEvent, XiguaqiState } from './xiguaqi.types.js';

export const initialState = (): XiguaqiState => ({ phase: 'none' });

export function decide(command: XiguaqiCommand, state: XiguaqiState): XiguaqiEvent[] {
  if (command.type === 'xiguaqi.start-match') return decideStartMatch(command, state);
  if (state.phase === 'none') refuse('xiguaqi/not-started', 'the match has not been started', RULES.started, { kind: 'not-found', field: 'id' });
  if (state.phase === 'finished') refuse('xiguaqi/match-finished', 'the match has ended', RULES.finished, { field: 'id' });
  const at = command.context.at;
  const match = state.match;
  if (command.type === 'xiguaqi.forfeit' && command.data.scope === 'match') {
    // 第十三条, 第十四条一: a player who forfeits the match loses it; a game in play ends with it.
    const { seat } = command.data;
    const current = match.games[match.games.length - 1];
    const gameEnd = gameEnded(state, current, { winner: other(seat), reason: 'forfeit', rule: RULES.forfeit }, at).slice(0, 1);
    const pre = state.phase === 'playing' ? gameEnd : [];
    const after = pre.reduce(evolve, state);
    if (after.phase === 'none') return pre;
    const [games, captured] = [gameWins(after.match), capturedTotals(after.match)];
    const outcome = { winner: other(seat), games, captured, forfeitedBy: seat, rule: RULES.forfeit };
    return [...pre, { type: 'xiguaqi.MatchEnded', data: { outcome, players: match.players, link: match.link, at } }];
  }
  if (state.phase === 'between-games') {
    if (command.type !== 'xiguaqi.start-game')
      refuse('xiguaqi/between-games', 'no game is in play: start the next game of the match', RULES.betweenGames, { field: 'id' });
    return decideNextGame(command, match);
  }
  if (command.type === 'xiguaqi.start-game') refuse('xiguaqi/game-in-play', 'a game of this match is in play', RULES.betweenGames, { field: 'id' });
  // A clock reading sent by an official is recorded before the command, which is decided on it.
  const current = match.games[match.games.length - 1];
  const check = { type: 'xiguaqi/clock-reading', rule: RULES.clockReading, belowZero: false };
  const read = (r: ClockReading): XiguaqiEvent => ({
    type: 'xiguaqi.ClockRead',
    data: { game: current.number, remainingMs: r.remainingMs, at, rule: RULES.clockReading },
  });
  const { pre, now } = clockReadFirst(command.data.clockReading, check, read, state, evolve);
  if (now.phase !== 'playing') return pre;
  const g = now.match.games[now.match.games.length - 1];
  switch (command.type) {
    case 'xiguaqi.rule-game': {
      const { winner, note } = command.data;
      return [...pre, ...gameEnded(now, g, { winner, reason: 'ruling', rule: RULES.ruling }, at, note)];
    }
    case 'xiguaqi.forfeit':
      return [...pre, ...gameEnded(now, g, { winner: other(command.data.seat), reason: 'forfeit', rule: RULES.forfeit }, at)];
    default:
      return [...pre, ...decidePlay(command, now, g, at)];
  }
}

export const xiguaqiDecider: Decider<XiguaqiCommand, XiguaqiEvent, XiguaqiState> = { initialState, decide, evolve };
