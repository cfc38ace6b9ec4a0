/** Starting a game: two players (Black, White), the board, handicap stones, the rules profile, an optional tournament link. */
import { invalid, refuse } from '../../kernel/index.js';
import { handicapPoints, parsePoint, sgfPoint } from './board.js';
import { effectiveRules } from './go.profile.js';
import { RULES } from './go.rules.js';
import type { BoardSize, GoCommand, GoEvent, GoState } from './go.types.js';

const SIZES: readonly number[] = [9, 13, 19];

export function decideStart(command: Extract<GoCommand, { type: 'go.start-game' }>, state: GoState): GoEvent[] {
  if (state.phase !== 'none') refuse('go/already-started', 'this game id names a game already started', 'Arbitra: a game id names one game', { field: 'id' });
  const { players, link, handicap, handicapStones, compensation, source } = command.data;
  if (players[0].id === players[1].id) invalid('go/same-player', 'a player cannot play themself', RULES.started, 'players');
  const boardSize = (command.data.boardSize ?? 19) as BoardSize;
  if (!SIZES.includes(boardSize)) invalid('go/board-size', 'a board of 19, 13 or 9 lines', RULES.boardSize, 'boardSize');
  const rules = effectiveRules(command.data.rules);
  if (!Number.isInteger(rules.basicTimeMinutes) || rules.basicTimeMinutes < 1 || rules.basicTimeMinutes > 600)
    invalid('go/basic-time', 'basic time is 1–600 whole minutes', RULES.basicTime, 'rules.basicTimeMinutes');
  const o = rules.overtime;
  const whole = (n: unknown, max: number) => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= max;
  if (o.kind === 'byo-yomi' && !(whole(o.periodSeconds, 600) && whole(o.periods, 100)))
    invalid('go/overtime', 'byo-yomi names its periods (1–100) of so many seconds (1–600)', RULES.byoYomi, 'rules.overtime');
  if (o.kind === 'penalty-points' && !(whole(o.pointsPerStep, 100) && whole(o.stepSixths, 6) && whole(o.lossAfterSteps, 36)))
    invalid('go/overtime', 'penalty points, their step (sixths of basic time) and the loss limit are whole numbers', RULES.penaltyPoints, 'rules.overtime');
  let stones: string[] = [];
  if (handicapStones !== undefined && handicapStones.length > 0) {
    const points = handicapStones.map((p) => parsePoint(p, boardSize));
    if (points.some((p) => p === null) || new Set(handicapStones).size !== handicapStones.length)
      invalid('go/handicap', 'handicap stones are distinct points of the board', RULES.handicap, 'handicapStones');
    stones = points.map((p) => sgfPoint(p as [number, number]));
  } else if (handicap !== undefined && handicap !== 0) {
    const placed = Number.isInteger(handicap) && handicap >= 2 && handicap <= 9 ? handicapPoints(boardSize, handicap) : null;
    if (!placed) invalid('go/handicap', `no placement of ${handicap} handicap stones on a ${boardSize}-line board`, RULES.handicap, 'handicap');
    stones = placed;
  }
  // The profile's compensation (Ing: 8 points), or its handicap compensation in a handicap game, unless the game sets its own.
  const komi = compensation ?? (stones.length > 0 ? rules.handicapCompensation : rules.compensation);
  if (!Number.isFinite(komi) || Math.abs(komi) > 200 || !Number.isInteger(komi * 2))
    invalid('go/compensation', 'compensation is a whole or half point', RULES.compensation, 'compensation');
  return [
    {
      type: 'go.GameStarted',
      data: {
        players: [players[0], players[1]],
        boardSize,
        handicapStones: stones,
        rules,
        compensation: komi,
        link: link ?? null,
        at: command.context.at,
        ...(source && { source }),
      },
    },
  ];
}
