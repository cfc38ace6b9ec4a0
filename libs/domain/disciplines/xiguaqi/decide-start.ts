/** Starting a match (and its first game) and each next game (西瓜棋规则 第十条, 第十一条, 第十二条). */
import { invalid, refuse } from '../../kernel/index.js';
import { RULES } from './xiguaqi.rules.js';
import { alternateFirst, isDecidingGame } from './match.js';
import type { XiguaqiCommand, XiguaqiEvent, XiguaqiMatch, XiguaqiState } from './xiguaqi.types.js';

type Start = Extract<XiguaqiCommand, { type: 'xiguaqi.start-match' }>;
type Next = Extract<XiguaqiCommand, { type: 'xiguaqi.start-game' }>;

export function decideStartMatch(command: Start, state: XiguaqiState): XiguaqiEvent[] {
  if (state.phase !== 'none') refuse('xiguaqi/already-started', 'this id names a match already started', 'Arbitra: a game id names one match', { field: 'id' });
  const { players, bestOf, minutesPerGame, first, link } = command.data;
  const at = command.context.at;
  if (players[0].id === players[1].id) invalid('xiguaqi/same-player', 'a player cannot play themself', RULES.players, 'players');
  if (bestOf !== 3 && bestOf !== 5) invalid('xiguaqi/best-of', 'a match is best of 3 or best of 5', RULES.bestOf, 'bestOf');
  // 第十二条一: 一局的总时限 … 最长不超过30分钟, half to each player.
  if (!Number.isInteger(minutesPerGame) || minutesPerGame < 2 || minutesPerGame > 30)
    invalid('xiguaqi/total-time', 'a game’s total time is 2 to 30 whole minutes', RULES.totalTime, 'minutesPerGame');
  if (first !== 0 && first !== 1) invalid('xiguaqi/first', 'the first game’s first mover is seat 0 or 1', RULES.firstMover, 'first');
  return [
    { type: 'xiguaqi.MatchStarted', data: { players: [players[0], players[1]], bestOf, minutesPerGame, link: link ?? null, at } },
    { type: 'xiguaqi.GameStarted', data: { game: 1, black: first, decidedBy: 'lot', at, rule: RULES.firstMover } },
  ];
}

export function decideNextGame(command: Next, match: XiguaqiMatch): XiguaqiEvent[] {
  const game = match.games.length + 1;
  const deciding = isDecidingGame(match, game);
  const { first } = command.data;
  if (deciding && first === undefined)
    invalid('xiguaqi/first-by-guess', `game ${game} decides the match: its first mover is guessed again and must be given`, RULES.firstMover, 'first');
  const expected = alternateFirst(match);
  if (!deciding && first !== undefined && first !== expected)
    invalid('xiguaqi/first-alternates', `seat ${expected} moves first in game ${game}: the players take turns`, RULES.firstMover, 'first');
  const black = deciding ? first! : expected;
  return [{ type: 'xiguaqi.GameStarted', data: { game, black, decidedBy: deciding ? 'lot' : 'alternation', at: command.context.at, rule: RULES.firstMover } }];
}
