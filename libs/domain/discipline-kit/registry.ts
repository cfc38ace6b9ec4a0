import { CHESS_RAPID_DESCRIPTOR } from '../disciplines/chess/descriptor.js';
import { GO_DESCRIPTOR } from '../disciplines/go/descriptor.js';
import { MAHJONG_DESCRIPTOR } from '../disciplines/mahjong/descriptor.js';
import { SCRABBLE_DESCRIPTOR } from '../disciplines/scrabble/descriptor.js';
import { XIGUAQI_DESCRIPTOR } from '../disciplines/xiguaqi/descriptor.js';
import type { Discipline } from '../standings/results.js';
import type { DisciplineDescriptor } from './descriptor.js';

/** Every registered discipline, one line each: the shared services iterate this list and keep no table of their own. */
export const DESCRIPTORS: readonly DisciplineDescriptor[] = [
  SCRABBLE_DESCRIPTOR,
  MAHJONG_DESCRIPTOR,
  GO_DESCRIPTOR,
  CHESS_RAPID_DESCRIPTOR,
  XIGUAQI_DESCRIPTOR,
];

/** A registered discipline's descriptor; throws for a name no descriptor registers (a programming error, not input). */
export function descriptorOf(discipline: Discipline): DisciplineDescriptor {
  const d = DESCRIPTORS.find((x) => x.id === discipline);
  if (!d) throw new Error(`no discipline descriptor registers ${discipline}`);
  return d;
}

/** The descriptor whose game aggregate writes this stream (`<aggregate>-<gameId>`), with the game's id. */
export function gameStreamOf(stream: string): { descriptor: DisciplineDescriptor; gameId: string } | null {
  for (const descriptor of DESCRIPTORS) {
    const prefix = `${descriptor.game.aggregate}-`;
    if (stream.startsWith(prefix)) return { descriptor, gameId: stream.slice(prefix.length) };
  }
  return null;
}

/** A per-discipline view derived from the descriptors (for the exported names other code reads, e.g. DEFAULT_PROFILES.go). */
export function byDiscipline<T>(pick: (d: DisciplineDescriptor) => T): Readonly<{ [K in Discipline]: T }> {
  return Object.fromEntries(DESCRIPTORS.map((d) => [d.id, pick(d)])) as { [K in Discipline]: T };
}
