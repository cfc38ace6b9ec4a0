/** Scrabble's moves (WESPA seed rules): drawing tiles, a play, exchange or pass, and pressing the clock after it. */
import type { MoveInput } from '../../domain/disciplines/scrabble/index.js';
import { bool, int, list, named, object, oneOf, onlyWhenAll, optional, pattern } from '../body-schema.js';
import { moveFields } from './request-fields.js';
import { SEAT, own, seatOnly, tiles, upper } from './scrabble-command-parts.js';

const PLACEMENT = named(
  'PlacementDto',
  object({
    row: int(0, 14, { example: 7 }),
    col: int(0, 14, { example: 6 }),
    letter: pattern(/^[A-Za-z]$/, { example: 'Q', description: 'The letter shown (for a blank: the letter it stands for)' }),
    blank: optional(bool({ example: false })),
  }),
);

/** A play (by GCG coordinate and word, or by placed tiles), an exchange, or a pass. */
const MOVE = named(
  'MoveDto',
  onlyWhenAll(
    {
      kind: oneOf(['play', 'exchange', 'pass'], { example: 'play' }),
      coordinate: pattern(/^(\d{1,2}[A-Oa-o]|[A-Oa-o]\d{1,2})$/, { example: '8G', description: 'Play: GCG coordinate ("8G" across, "G8" down); with `word`' }),
      word: pattern(/^[A-Za-z.]{1,15}$/, { example: 'QI', description: 'Play: the word as in GCG ("." = tile already on the board, lower case = blank)' }),
      placements: optional(list(PLACEMENT, { min: 1, max: 7 }, { description: 'Play: the tiles placed (instead of coordinate and word)' })),
      count: int(1, 7, { example: 3, description: 'Exchange: the announced count' }),
      tiles: optional(tiles({ example: ['U', 'U', 'V'], description: 'Exchange in a tracked game: the tiles put back' }, 7)),
    },
    { property: 'kind', equals: 'play', without: 'placements', fields: ['coordinate', 'word'] },
    { property: 'kind', equals: 'exchange', without: 'tiles', fields: ['count'] },
  ),
);

type SentMove = { kind: 'play' | 'exchange' | 'pass'; coordinate?: string; word?: string; placements?: SentPlacement[]; count?: number; tiles?: string[] };
type SentPlacement = { row: number; col: number; letter: string; blank?: boolean };

export function moveInput(m: SentMove): MoveInput {
  switch (m.kind) {
    case 'play':
      return m.placements
        ? { kind: 'play', tiles: m.placements.map((p) => ({ row: p.row, col: p.col, letter: p.letter.toUpperCase(), blank: !!p.blank })) }
        : { kind: 'play', coordinate: m.coordinate as string, word: m.word as string };
    case 'exchange':
      return { kind: 'exchange', count: m.count ?? m.tiles?.length ?? 0, ...(m.tiles && { tiles: m.tiles.map((t) => t.toUpperCase()) }) };
    case 'pass':
      return { kind: 'pass' };
  }
}

export const MOVES = {
  draw: own(
    'draws',
    'draw',
    'scrabble.draw-tiles',
    'DrawTiles: draw tiles (count, or letters when tracking); drawing replacements accepts a pending play; after 30 s of hold they stay face down (player for own seat, arbiter)',
    {
      name: 'DrawDto',
      fields: {
        seat: SEAT,
        count: optional(int(1, 7, { example: 7, description: 'Tiles drawn (score-only games)' })),
        tiles: optional(tiles({ example: ['A', 'E', 'I', 'N', 'R', 'S', 'T'], description: 'Tiles drawn (tracked games)' }, 7)),
      },
    },
    (b) => ({
      type: 'scrabble.draw-tiles',
      seat: b.seat,
      ...(b.count !== undefined && { count: b.count }),
      ...(b.tiles !== undefined && { tiles: upper(b.tiles) }),
    }),
  ),
  move: own(
    'moves',
    'move',
    'scrabble.make-move',
    'MakeMove (pressClock true, default) or AnnounceMove (pressClock false): a play with its announced score, an exchange (≥ 7 in the bag) or a pass (player for own seat, arbiter)',
    {
      name: 'MoveCommandDto',
      fields: {
        seat: SEAT,
        move: MOVE,
        announcedScore: optional(int(0, 2000, { example: 22, description: 'Required for a play (seed 出棋次序: announce the score)' })),
        pressClock: optional({
          default: true,
          ...bool({
            example: true,
            description:
              'true (default): the move is announced and the clock pressed (final). false: announced only; it may change until /clock/presses (seed 完成一步)',
          }),
        }),
      },
    },
    (b) => ({
      type: b.pressClock === false ? 'scrabble.announce-move' : 'scrabble.make-move',
      seat: b.seat,
      move: moveInput(b.move as SentMove),
      ...(b.announcedScore !== undefined && { announcedScore: b.announcedScore }),
    }),
    { requestFields: (b) => moveFields(b as { move?: { kind?: string } }), example: { seat: 0, move: { kind: 'pass' } } },
  ),
  press: own(
    'clock/presses',
    'press',
    'scrabble.press-clock',
    'PressClock: completes the announced move; it is final after (seed 完成一步) (player for own seat, arbiter)',
    seatOnly,
  ),
};
