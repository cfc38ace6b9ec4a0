import type { Discipline } from '../../libs/domain/standings/index.js';
import type { RecordsHarness } from '../support/records-harness.js';

/** What a driver is given: the server, an arbiter's token for the tournament, the game's id, players and link. */
export interface Table {
  readonly h: RecordsHarness;
  readonly arbiter: string;
  readonly id: string;
  readonly players: readonly { readonly id: string; readonly name: string }[];
  readonly link: { readonly tournamentId: string; readonly round: number; readonly table: number };
}

/**
 * How the contract suite plays one short linked game of a discipline to its end over HTTP, with one in-game penalty
 * where the discipline records penalties in its games (its descriptor's `penalties.inGame`). The assertions are the
 * suite's, the same for every discipline; a driver only plays.
 */
export interface Driver {
  readonly discipline: Discipline;
  /** The routes' name: `/v1/<route>/games`, the list entry's `discipline`. */
  readonly route: string;
  readonly seats: 2 | 4;
  play(t: Table): Promise<void>;
  /**
   * A discipline whose games hide information (its GameFeature's `hidesInformation`): plays an unlinked game to a point
   * where it hides some (the contract suite then checks that no anonymous read shows it).
   */
  inProgress?(t: Omit<Table, 'link'>): Promise<void>;
}

const T0 = Date.now() - 600_000;
/** A moment `s` seconds into the drivers' day (ten minutes ago), for observed times. */
export const at = (s: number) => new Date(T0 + s * 1000).toISOString();
