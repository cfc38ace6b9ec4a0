import type { DomainEvent } from './decider.js';

/**
 * For deciders whose commands emit several events, each seeing the state the earlier ones made:
 * `emit` appends the event and folds it at once, so the next rule checks the new state.
 */
export class Emitter<E extends DomainEvent, S> {
  readonly events: E[] = [];

  constructor(
    public state: S,
    private readonly evolve: (state: S, event: E) => S,
  ) {}

  emit(event: E): void {
    this.events.push(event);
    this.state = this.evolve(this.state, event);
  }
}
