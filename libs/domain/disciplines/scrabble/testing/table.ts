/**
 * Test support (pure): a table that runs commands through the decider with deterministic times.
 * The table's events are the "given"; `t.when(step).then([...])` / `.thenRefuses(type, { field, rule })`
 * state what a command records or refuses, through the kernel's `deciderSpec(scrabbleDecider)`.
 */
import type { Actor } from '../../../kernel/command.js';
import { type DomainError } from '../../../kernel/errors.js';
import { deciderSpec, type Refusal } from '../../../kernel/testing/decider-spec.js';
import { decideFolded, initialState, scrabbleDecider } from '../scrabble.decider.js';
import { evolve } from '../scrabble.evolve.js';
import { scrabbleCommand, type ScrabbleStep } from '../scrabble.commands.js';
import type { ScrabbleEvent } from '../scrabble.events.js';
import type { Game, ScrabbleState } from '../scrabble.state.js';

export const ARBITER: Actor = { id: 'td-1', role: 'arbiter' };
const T0 = Date.parse('2026-11-29T09:00:00.000Z');

/** ISO instant `sec` seconds after the fixture epoch. */
export function at(sec: number): string {
  return new Date(T0 + Math.round(sec * 1000)).toISOString();
}

/** A command as a test writes it, flat (`{ type, ...data }`): the table wraps it in an envelope. */
export type CommandInput = ScrabbleStep;

const spec = deciderSpec(scrabbleDecider);

/** "When this command" on a table: the events it records (recorded on the table), or its refusal (nothing recorded). */
export interface TableWhen {
  /** The events recorded, in order, each a partial match, and no more; the table then holds them. */
  then(expected: readonly unknown[]): ScrabbleEvent[];
  /** The refusal: its type and, optionally, kind, field and a fragment of the cited rule; the table is unchanged. */
  thenRefuses(type: string, refusal?: Refusal): DomainError;
}

export class Table {
  state: ScrabbleState = initialState();
  events: ScrabbleEvent[] = [];
  sec = 0;
  private n = 0;

  /** A table whose history is these events (e.g. a game cut short at a chosen event), the clock at `sec`. */
  static given(events: readonly ScrabbleEvent[], sec = 0): Table {
    const t = new Table();
    for (const e of events) t.state = evolve(t.state, e);
    t.events = [...events];
    t.sec = sec;
    return t;
  }

  /** Runs a command `dt` seconds after the previous one; returns the new events. */
  run(input: CommandInput, dt = 1, actor: Actor = ARBITER): ScrabbleEvent[] {
    this.sec += dt;
    const cmd = scrabbleCommand(input, { at: at(this.sec), actor, commandId: `c-${++this.n}` });
    // The state as the command path takes it (folded as decided); the property spec folds the events to the same state.
    const { events: out, state } = decideFolded(cmd, this.state);
    this.state = state;
    this.events.push(...out);
    return out;
  }

  /** Given the table's events so far, when this command (`dt` seconds after the previous one, by `actor`). */
  when(input: CommandInput, dt = 1, actor: Actor = ARBITER): TableWhen {
    const sec = this.sec + dt;
    const cmd = scrabbleCommand(input, { at: at(sec), actor, commandId: `c-${this.n + 1}` });
    const w = spec.given(this.events).when(cmd);
    return {
      then: (expected) => {
        const out = w.then(expected);
        this.sec = sec;
        this.n++;
        for (const e of out) this.state = evolve(this.state, e);
        this.events.push(...out);
        return out;
      },
      thenRefuses: (type, refusal) => w.thenRefuses(type, refusal),
    };
  }

  get game(): Game {
    if (this.state.phase === 'none') throw new Error('no game');
    return this.state.game;
  }
}

export const PLAYERS = [
  { id: 'p-ann', name: 'Ann' },
  { id: 'p-bob', name: 'Bob' },
] as const;

/** The start step of a two-player game between Ann (seat 0, starts) and Bob, the clock on the right chosen by Bob, tiles counted. */
export const START_STEP = {
  type: 'scrabble.start-game' as const,
  players: [PLAYERS[0], PLAYERS[1]] as const,
  starter: 0 as const,
  clockSide: 'right' as const,
  clockSideChosenBy: 1 as const,
  tilesCounted: 100,
  tracking: false,
};

/** Given a started game: created, both players drew 7 tiles, Ann (seat 0) to move. */
export function startedTable(opts: { tracking?: boolean; profile?: Record<string, unknown>; racks?: [string, string] } = {}): Table {
  const t = new Table();
  t.run({ ...START_STEP, tracking: !!opts.tracking, profile: opts.profile }, 0);
  if (opts.tracking) {
    const racks = opts.racks ?? ['AEINRST', 'QIZAXEO'];
    t.run({ type: 'scrabble.draw-tiles', seat: 0, tiles: racks[0].split('') }, 0);
    t.run({ type: 'scrabble.draw-tiles', seat: 1, tiles: racks[1].split('') }, 0);
  } else {
    t.run({ type: 'scrabble.draw-tiles', seat: 0, count: 7 }, 0);
    t.run({ type: 'scrabble.draw-tiles', seat: 1, count: 7 }, 0);
  }
  return t;
}
