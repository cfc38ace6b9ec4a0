import { CHESS_RAPID_DESCRIPTOR } from '../disciplines/chess/descriptor.js';
import { GO_DESCRIPTOR } from '../disciplines/go/descriptor.js';
import { MAHJONG_DESCRIPTOR } from '../disciplines/mahjong/descriptor.js';
import { SCRABBLE_DESCRIPTOR } from '../disciplines/scrabble/descriptor.js';
import { XIGUAQI_DESCRIPTOR } from '../disciplines/xiguaqi/descriptor.js';
import type { Discipline } from '../standings/results.js';
import type { DisciplineDescriptor } from './descriptor.js';

/**
 * The disciplines Arbitra serves, one line each: adding one is its folders and its descriptor here, nothing else (its
 * descriptor names it in `Discipline`; the records app loads its runtime feature and controllers from its folder,
 * apps/records/registry.ts).
 */
export const SERVED: readonly DisciplineDescriptor[] = [SCRABBLE_DESCRIPTOR, CHESS_RAPID_DESCRIPTOR, XIGUAQI_DESCRIPTOR, GO_DESCRIPTOR, MAHJONG_DESCRIPTOR];

const REGISTERED: DisciplineDescriptor[] = [...SERVED];

/** Every registered discipline: the shared services iterate this list and keep no table of their own. */
export const DESCRIPTORS: readonly DisciplineDescriptor[] = REGISTERED;

/** The registered disciplines' names, in the registry's order (the same array as long as the process runs). */
export const DISCIPLINE_IDS: readonly Discipline[] = REGISTERED.map((d) => d.id);

/**
 * Registers one more discipline, before anything is served: a test build's fixture discipline (test/support). Every
 * view below reads the registry when asked, so it sees the new discipline too. A name registered twice is refused.
 */
export function registerDiscipline(d: DisciplineDescriptor): void {
  if (REGISTERED.some((x) => x.id === d.id)) throw new Error(`discipline ${d.id} is registered twice`);
  REGISTERED.push(d);
  (DISCIPLINE_IDS as Discipline[]).push(d.id);
}

/** A registered discipline's descriptor; throws for a name no descriptor registers (a programming error, not input). */
export function descriptorOf(discipline: Discipline): DisciplineDescriptor {
  const d = REGISTERED.find((x) => x.id === discipline);
  if (!d) throw new Error(`no discipline descriptor registers ${discipline}`);
  return d;
}

/** The descriptor whose game aggregate writes this stream (`<aggregate>-<gameId>`), with the game's id. */
export function gameStreamOf(stream: string): { descriptor: DisciplineDescriptor; gameId: string } | null {
  for (const descriptor of REGISTERED) {
    const prefix = `${descriptor.game.aggregate}-`;
    if (stream.startsWith(prefix)) return { descriptor, gameId: stream.slice(prefix.length) };
  }
  return null;
}

/**
 * A read-only record derived from the registry, rebuilt when a discipline is registered: the exported names other code
 * reads (`DEFAULT_PROFILES.go`, `APPEAL_PROFILES[id]`, `Object.values(PENALTY_PROFILES)`) stay plain property reads.
 */
export function registryView<K extends string, T>(entries: (ds: readonly DisciplineDescriptor[]) => readonly (readonly [K, T])[]): Readonly<Record<K, T>> {
  let built: { count: number; record: Record<string, T> } | null = null;
  const record = () => {
    if (built?.count !== REGISTERED.length) built = { count: REGISTERED.length, record: Object.fromEntries(entries(REGISTERED)) };
    return built.record;
  };
  return new Proxy({} as Record<K, T>, {
    get: (_, k) => (typeof k === 'string' ? record()[k] : undefined),
    has: (_, k) => typeof k === 'string' && k in record(),
    ownKeys: () => Object.keys(record()),
    getOwnPropertyDescriptor: (_, k) =>
      typeof k === 'string' && k in record() ? { value: record()[k], enumerable: true, configurable: true, writable: false } : undefined,
  });
}

/** A per-discipline view derived from the descriptors (for the exported names other code reads, e.g. DEFAULT_PROFILES.go). */
export function byDiscipline<T>(pick: (d: DisciplineDescriptor) => T): Readonly<{ [K in Discipline]: T }> {
  return registryView((ds) => ds.map((d) => [d.id, pick(d)] as const));
}
