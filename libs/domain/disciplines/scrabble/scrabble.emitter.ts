/** Decide-side helpers: an emitter that folds as it emits, and the guards every command shares. */
import type { Actor, CommandContext } from '../../kernel/command.js';
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

const TD_ROLES = new Set(['arbiter', 'chief-arbiter', 'admin', 'system']);
export function isTd(actor: Actor): boolean {
  return TD_ROLES.has(actor.role);
}

export function requireTd(actor: Actor, what: string): void {
  if (!isTd(actor)) refuse('scrabble/td-only', `only the tournament director or an arbiter may ${what}`, RULES.td, { kind: 'invalid' });
}

/** A player may act only for their own seat; arbiters record for either. */
export function requireSeat(actor: Actor, game: Game, seat: Seat): void {
  if (seat !== 0 && seat !== 1) refuse('scrabble/bad-seat', `seat must be 0 or 1; got ${String(seat)}`, RULES.td, { kind: 'invalid', field: 'seat' });
  if (actor.role === 'player' && actor.id !== game.players[seat].id)
    refuse('scrabble/not-your-seat', `player ${actor.id} does not sit at seat ${seat}`, RULES.td, { kind: 'invalid', field: 'seat' });
}
