/**
 * What a written record (an imported GCG file) says of a turn beyond what the game tracks: the rack
 * before the move, the letters of an exchange, notes. Kept as facts as written (never derived, never
 * checked against a bag the game did not track), so the record can be given back as it was written.
 */
import { invalid, refuse } from '../../kernel/errors.js';
import type { Emitter } from './scrabble.emitter.js';
import type { DataOf } from './scrabble.commands.js';
import { isRackTile, RACK_SIZE } from './tiles.js';

export const ANNOTATION_RULE = "Arbitra: a written record's racks, exchanged letters and notes are kept as written (GCG format, poslfit.com/scrabble/gcg)";

function tilesOrNull(x: readonly string[] | undefined, field: string): string[] | null {
  if (x === undefined) return null;
  if (!Array.isArray(x) || x.length > RACK_SIZE || !x.every(isRackTile))
    invalid('scrabble/bad-tile', 'a rack or an exchange is 0 to 7 tiles A-Z or ? (blank)', ANNOTATION_RULE, field);
  return x.slice();
}

export function decideAnnotateTurn(em: Emitter, c: DataOf<'scrabble.annotate-turn'>): void {
  const turn = em.game.turns.find((t) => t.n === c.turn);
  if (!turn) refuse('scrabble/no-such-turn', `there is no turn ${c.turn}`, ANNOTATION_RULE, { kind: 'invalid', field: 'turn' });
  const rack = tilesOrNull(c.rack, 'rack');
  const exchanged = tilesOrNull(c.exchanged, 'exchanged');
  if (exchanged && turn.move?.kind !== 'exchange') invalid('scrabble/not-an-exchange', `turn ${c.turn} is not an exchange`, ANNOTATION_RULE, 'exchanged');
  if (exchanged && turn.move?.kind === 'exchange' && exchanged.length !== turn.move.count) {
    invalid(
      'scrabble/exchange-count',
      `turn ${c.turn} exchanged ${turn.move.count} tiles; ${exchanged.length} letters were given`,
      ANNOTATION_RULE,
      'exchanged',
    );
  }
  const word = c.word === undefined ? null : String(c.word);
  if (word !== null && (turn.move?.kind !== 'play' || !/^[A-Za-z.]{1,15}$/.test(word))) {
    invalid('scrabble/bad-word', 'a written word belongs to a play: 1-15 letters or "."', ANNOTATION_RULE, 'word');
  }
  const note = c.note === undefined ? null : String(c.note);
  if (rack === null && word === null && exchanged === null && note === null)
    invalid('scrabble/empty-annotation', 'give a rack, exchanged letters or a note', ANNOTATION_RULE, 'turn');
  em.record('scrabble.TurnAnnotated', { turn: turn.n, seat: turn.seat, rack, word, exchanged, note, source: c.source });
}
