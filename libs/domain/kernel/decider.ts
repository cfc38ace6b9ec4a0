/**
 * The decider pattern: every aggregate (a game, a tournament, an appeal) is three pure functions.
 * `decide` refuses by throwing a DomainError that names the rule; it never reads the clock or
 * randomness: time, ids and seeds arrive on the command.
 */
export interface DomainEvent<T extends string = string, D = unknown> {
  readonly type: T;
  readonly data: D;
}

export interface Decider<Command, Event extends DomainEvent, State> {
  initialState(): State;
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  /**
   * `decide` with the state its events leave, for a decider that folds them as it decides (the kernel's Emitter): the
   * command path then does not fold them again. The state is the one `evolve` folds from the same events.
   */
  decideFolded?(command: Command, state: State): { events: Event[]; state: State };
}

/** Folds a history into a state. */
export function fold<E extends DomainEvent, S>(decider: Pick<Decider<unknown, E, S>, 'initialState' | 'evolve'>, events: Iterable<E>, from?: S): S {
  let state = from ?? decider.initialState();
  for (const e of events) state = decider.evolve(state, e);
  return state;
}

/** A command's events and the state they leave: the decider's own (decideFolded) when it folds as it decides, else its events folded. */
export function decideAndFold<C, E extends DomainEvent, S>(decider: Decider<C, E, S>, command: C, state: S): { events: E[]; state: S } {
  const folded = decider.decideFolded?.(command, state);
  if (folded) return folded;
  const events = decider.decide(command, state);
  return { events, state: fold(decider, events, state) };
}

/** Exhaustiveness guard for switches over discriminated unions. */
export function assertNever(value: never, what = 'value'): never {
  throw new Error(`unexpected ${what}: ${JSON.stringify(value)}`);
}
