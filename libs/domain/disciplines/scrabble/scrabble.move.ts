/** Turning an entered move into a recorded one (geometry, rack and bag checks) and completing it. */
import { DomainError, invalid, refuse } from '../../kernel/errors.js';
import { parseCoordinate, tileAt } from './board.js';
import { remainingAt } from './clock.js';
import { analysePlay, placementsFromWord, wordsFormed, type Placement } from './scoring.js';
import { isRackTile, RACK_SIZE, removeTiles, BLANK } from './tiles.js';
import type { Emitter } from './scrabble.emitter.js';
import type { MoveInput } from './scrabble.commands.js';
import type { MoveRecord } from './scrabble.events.js';
import type { Game } from './scrabble.state.js';
import { RULES } from './scrabble.rules.js';
import type { Seat } from './seat.js';
import { endGame } from './scrabble.end.js';

export interface PreparedMove {
  readonly move: MoveRecord;
  readonly announcedScore: number;
  readonly computed: number | null;
}

function gcgWord(game: Game, coordinate: string, length: number, placements: readonly Placement[]): string {
  const c = parseCoordinate(coordinate)!;
  let out = '';
  for (let i = 0; i < length; i++) {
    const row = c.direction === 'across' ? c.row : c.row + i;
    const col = c.direction === 'across' ? c.col + i : c.col;
    const p = placements.find((x) => x.row === row && x.col === col);
    out += p ? (p.blank ? p.letter.toLowerCase() : p.letter) : tileAt(game.board, row, col) ? '.' : '?';
  }
  return out;
}

/**
 * Refusals name the command's own field: a move's fields sit under `move` (`move.count`, `move.tiles`,
 * `move.word`…), so a refusal from a helper that names a bare field is re-pathed under `move`.
 */
function underMove<T>(fieldFor: (field: string | undefined) => string, work: () => T): T {
  try {
    return work();
  } catch (e) {
    if (e instanceof DomainError) throw new DomainError(e.type, e.message, e.rule, e.kind, fieldFor(e.field), e.details);
    throw e;
  }
}

export function prepareMove(game: Game, seat: Seat, input: MoveInput, announcedScore: number | undefined): PreparedMove {
  const rack = game.racks[seat];
  switch (input.kind) {
    case 'play': {
      const byTiles = 'tiles' in input;
      // A play given by tiles is at fault in `move.tiles`; one given by coordinate and word in `move.coordinate` or `move.word`.
      const path = (f: string | undefined) => (byTiles ? 'move.tiles' : f === 'coordinate' ? 'move.coordinate' : 'move.word');
      const placements = byTiles
        ? input.tiles.map((t) => ({ row: t.row, col: t.col, letter: t.letter, blank: !!t.blank }))
        : underMove(path, () => placementsFromWord(game.board, input.coordinate, input.word));
      const analysis = underMove(path, () => analysePlay(game.board, placements));
      if (announcedScore === undefined || !Number.isInteger(announcedScore) || announcedScore < 0) {
        invalid('scrabble/score-not-announced', 'a play must come with the announced score (a whole number ≥ 0)', RULES.orderOfPlay, 'announcedScore');
      }
      const rackForms = placements.map((p) => (p.blank ? BLANK : p.letter));
      if (rack.tiles) {
        if (!removeTiles(rack.tiles, rackForms))
          refuse('scrabble/tiles-not-on-rack', `tiles ${rackForms.join('')} are not all on the rack ${rack.tiles.join('')}`, RULES.rack, {
            field: path(undefined),
          });
      } else if (placements.length > rack.count) {
        refuse('scrabble/rack-too-small', `the play uses ${placements.length} tiles but the rack holds ${rack.count}`, RULES.rack, { field: path(undefined) });
      }
      const coordinate = analysis.main.coordinate;
      const word = gcgWord(game, coordinate, analysis.main.word.length, placements);
      return { move: { kind: 'play', coordinate, word, placements, words: wordsFormed(analysis) }, announcedScore, computed: analysis.score };
    }
    case 'exchange': {
      // The exchange as sent: its letters (`move.tiles`) when given, else its count (`move.count`).
      const sent = input.tiles ? 'move.tiles' : 'move.count';
      // Seed 更換棋子: "棋袋裡需至少有7枚棋子".
      if (game.bag.count < game.profile.exchangeMinBag) {
        refuse(
          'scrabble/exchange-bag-too-small',
          `exchange needs at least ${game.profile.exchangeMinBag} tiles in the bag; there are ${game.bag.count}`,
          RULES.exchangeBag,
          { field: sent },
        );
      }
      const count = input.tiles ? input.tiles.length : input.count;
      if (!Number.isInteger(count) || count < 1 || count > RACK_SIZE)
        invalid('scrabble/exchange-count', `an exchange names 1 to 7 tiles; got ${count}`, RULES.exchange, sent);
      if (input.tiles && input.count !== undefined && input.count !== input.tiles.length)
        invalid('scrabble/exchange-count', `announced ${input.count} but gave ${input.tiles.length} tiles`, RULES.exchange, 'move.count');
      if (count > rack.count) refuse('scrabble/rack-too-small', `cannot exchange ${count} tiles from a rack of ${rack.count}`, RULES.rack, { field: sent });
      let tiles: string[] | null = null;
      if (rack.tiles) {
        if (!input.tiles || !input.tiles.every(isRackTile))
          invalid('scrabble/tiles-required-when-tracking', 'this game tracks tiles: name the exchanged tiles', RULES.exchange, 'move.tiles');
        if (!removeTiles(rack.tiles, input.tiles))
          refuse('scrabble/tiles-not-on-rack', `tiles ${input.tiles.join('')} are not all on the rack ${rack.tiles.join('')}`, RULES.rack, {
            field: 'move.tiles',
          });
        tiles = input.tiles.slice().sort();
      }
      return { move: { kind: 'exchange', count, tiles }, announcedScore: 0, computed: 0 };
    }
    case 'pass':
      return { move: { kind: 'pass' }, announcedScore: 0, computed: 0 };
    default:
      return invalid('scrabble/bad-move', 'a move is a play, an exchange or a pass', RULES.orderOfPlay, 'move.kind');
  }
}

/** Completes the turn: the clock is pressed (or the player drew without pressing). */
export function completeMove(em: Emitter, seat: Seat, p: PreparedMove, completedBy: 'clock' | 'draw'): void {
  const g = em.game;
  const turn = (g.turns.length ? g.turns[g.turns.length - 1].n : 0) + 1;
  const rackAfter = g.racks[seat].count - (p.move.kind === 'play' ? p.move.placements.length : 0);
  // Seed 完成遊戲: going out with the bag empty pauses the clock until the opponent accepts or challenges.
  const goingOut = p.move.kind === 'play' && g.bag.count === 0 && rackAfter === 0;
  const [r0, r1] = remainingAt(g.clock, em.ctx.at, g.profile.timePerSideMs);
  em.record('scrabble.MoveCompleted', {
    seat,
    turn,
    move: p.move,
    announcedScore: p.announcedScore,
    computedScore: p.computed,
    completedBy,
    goingOut,
    // Issue 30: an imported record was not timed here; its turns carry no clock reading.
    ...(!g.source && { remainingMs: [r0, r1] as const }),
  });
  // A mismatch is flagged, never overwritten: the announced score stands until corrected.
  if (p.move.kind === 'play' && p.computed !== null && p.computed !== p.announcedScore) {
    em.record('scrabble.ScoreMismatchFlagged', { seat, turn, announced: p.announcedScore, computed: p.computed });
  }
  if (p.move.kind !== 'play') checkSixZeros(em);
}

/** Seed 6次0分: six consecutive scoreless turns (challenge, pass, exchange; both players together) end the game at once. */
export function checkSixZeros(em: Emitter): void {
  if (em.state.phase === 'playing' && em.game.zeroRun >= em.game.profile.scorelessTurnsToEnd) endGame(em, 'six-zeros', null);
}
