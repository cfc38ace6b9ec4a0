/** Decide-side helpers: an emitter that folds as it emits, and the seat check the commands share. */
import type { CommandContext } from '../../kernel/command.js';
import { Emitter as KernelEmitter } from '../../kernel/emitter.js';
import { refuse } from '../../kernel/errors.js';
import { evolve } from './scrabble.evolve.js';
import type { EventData, ScrabbleEvent, ScrabbleEventType } from './scrabble.events.js';
import type { Game, ScrabbleState } from './scrabble.state.js';
import { RULES } from './scrabble.rules.js';
import type { Seat } from './seat.js';

/**
 * The kernel's fold-as-you-emit emitter, stamping every Scrabble event with when and by whom
 * (`at`, `by`, from the command's context): `record(type, data)`.
 */
export class Emitter extends KernelEmitter<ScrabbleEvent, ScrabbleState> {
  constructor(
    state: ScrabbleState,
    readonly ctx: CommandContext,
  ) {
    super(state, evolve);
  }

  record<T extends ScrabbleEventType>(type: T, data: Omit<EventData<T>, 'at' | 'by'>): void {
    // Object.assign, not a spread followed by new keys (slow on Node 20)
    this.emit({ type, data: Object.assign({}, data, { at: this.ctx.at, by: this.ctx.actor }) } as unknown as ScrabbleEvent);
  }

  get game(): Game {
    if (this.state.phase === 'none') throw new Error('no game');
    return this.state.game;
  }
}

/**
 * A seat named by a command is 0 or 1. Who may act for it is the runner's to decide, once, for every
 * discipline (libs/api/games/game-access.ts): officials for either seat, a player for their own.
 */
export function checkSeat(seat: Seat): void {
  if (seat !== 0 && seat !== 1) refuse('scrabble/bad-seat', `seat must be 0 or 1; got ${String(seat)}`, RULES.td, { kind: 'invalid', field: 'seat' });
}
