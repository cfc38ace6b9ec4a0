/**
 * Given/when/then for deciders: the history as events, one command, and the events it must
 * record, or the refusal it must give. Every decider's spec uses it, so a test states behaviour
 * on the record (events), not on a decider's private state.
 *
 *   const spec = deciderSpec(tournamentDecider);
 *   spec.given([created, registered]).when(pair).then([paired]);
 *   spec.given([]).when(pair).thenRefuses('tournament/not-created', { field: 'round' });
 */
import { expect } from '@jest/globals';
import { fold, type Decider, type DomainEvent } from '../decider.js';
import { DomainError } from '../errors.js';

export interface Refusal {
  readonly kind?: DomainError['kind'];
  readonly field?: string;
  /** A fragment the cited rule must contain (e.g. the section of the rule text). */
  readonly rule?: string;
}

export interface When<E extends DomainEvent, S> {
  /** The events recorded, compared in order; each expected event may be a partial match. */
  then(expected: readonly unknown[]): E[];
  /** The refusal: its stable type and, optionally, its kind, field and cited rule. */
  thenRefuses(type: string, refusal?: Refusal): DomainError;
  /** The state after the command's events: for properties that are about the folded result. */
  thenState(): S;
}

export interface Given<C, E extends DomainEvent, S> {
  when(command: C): When<E, S>;
}

export function deciderSpec<C, E extends DomainEvent, S>(decider: Decider<C, E, S>) {
  return {
    given(history: readonly E[]): Given<C, E, S> {
      const state = fold(decider, history);
      return {
        when(command: C): When<E, S> {
          const run = () => decider.decide(command, state);
          return {
            then(expected) {
              const events = run();
              expect(events).toMatchObject(expected as unknown[]);
              expect(events).toHaveLength(expected.length);
              return events;
            },
            thenRefuses(type, refusal = {}) {
              let caught: unknown;
              try {
                run();
              } catch (e) {
                caught = e;
              }
              if (!(caught instanceof DomainError))
                throw new Error(`expected the refusal ${type}, but the command was ${caught ? `failed with ${String(caught)}` : 'accepted'}`);
              expect(caught.type).toBe(type);
              if (refusal.kind) expect(caught.kind).toBe(refusal.kind);
              if (refusal.field) expect(caught.field).toBe(refusal.field);
              if (refusal.rule) expect(caught.rule).toContain(refusal.rule);
              return caught;
            },
            thenState() {
              return fold(decider, run(), state);
            },
          };
        },
      };
    },
  };
}
