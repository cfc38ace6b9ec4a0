import { randomUUID } from 'node:crypto';
import type { Command, Decider } from '../../libs/domain/kernel/index.js';
import type { AggregateType } from '../../libs/runtime/command-handler.js';
import type { Projection } from '../../libs/runtime/projections/projection.js';
import type { NewEvent } from '../../libs/store/event-store.port.js';
import { SqliteEventStore } from '../../libs/store/sqlite/sqlite-event-store.js';

/** A game-shaped aggregate for the command-path benchmark: turns that score points, a refusal rule. */
type Cmd = Command<'bench.move', { points: number }>;
type Evt = { type: 'bench.Moved'; data: { points: number; turn: number } };
type State = { turn: number; score: number };
const decider: Decider<Cmd, Evt, State> = {
  initialState: () => ({ turn: 0, score: 0 }),
  decide: (c, s) => {
    if (c.data.points < 0) throw new Error('negative points');
    return [{ type: 'bench.Moved', data: { points: c.data.points, turn: s.turn + 1 } }];
  },
  evolve: (s, e) => ({ turn: e.data.turn, score: s.score + e.data.points }),
};
export const BenchGame: AggregateType<Cmd, Evt, State> = { name: 'bench-game', decider };

/** An event about the size of a real move event (~300 bytes of data and meta). */
export function benchEvent(i: number): NewEvent {
  const commandId = randomUUID();
  return {
    id: randomUUID(),
    type: 'bench.Moved',
    data: { points: i % 60, turn: i, tiles: [{ letter: 'Q', row: 7, col: i % 15 }], announced: i % 60, clockMs: 1_500_000 - i },
    meta: {
      actor: { id: 'arbiter-7', role: 'arbiter' },
      commandId,
      correlationId: commandId,
      causationId: null,
      recordedAt: '2026-11-29T10:00:00.000Z',
      schemaVersion: 1,
    },
  };
}

/** Fills a log with `n` events over 1,000 game streams (sync OFF: setup only, not measured). */
export async function fillLog(path: string, n: number): Promise<void> {
  const store = new SqliteEventStore({ path, synchronous: 'OFF' });
  const streams = 1000;
  const perAppend = 100;
  const revisions = new Array<number>(streams).fill(-1);
  for (let i = 0; i < n; i += perAppend) {
    const s = (i / perAppend) % streams;
    const count = Math.min(perAppend, n - i);
    await store.append(
      `bench-game-${s}`,
      Array.from({ length: count }, (_, j) => benchEvent(i + j)),
      revisions[s] === -1 ? 'no-stream' : revisions[s],
    );
    revisions[s] += count;
  }
  await store.close();
}

/** Two read models shaped like the real ones: a per-game summary and a per-player ledger. */
export const BENCH_PROJECTIONS: Projection[] = [
  {
    name: 'bench-game-summary',
    version: 1,
    handles: (t) => t === 'bench.Moved',
    apply(e, docs) {
      const d = e.data as { points: number };
      const cur = docs.get<{ turns: number; score: number; last: number }>('games', e.stream) ?? { turns: 0, score: 0, last: 0 };
      docs.put('games', e.stream, { turns: cur.turns + 1, score: cur.score + d.points, last: e.position });
    },
  },
  {
    name: 'bench-actor-ledger',
    version: 1,
    handles: (t) => t === 'bench.Moved',
    apply(e, docs) {
      const cur = docs.get<{ events: number }>('actors', e.meta.actor.id) ?? { events: 0 };
      docs.put('actors', e.meta.actor.id, { events: cur.events + 1 });
    },
  },
];
