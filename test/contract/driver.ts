import type { Discipline } from '../../libs/domain/standings/index.js';
import type { AuthzIds, MatrixRow } from '../authorization/rows.js';
import type { RecordsHarness } from '../support/records-harness.js';

/** What a driver is given: the server, an arbiter's token for the tournament, the game's id, players and link. */
export interface Table {
  readonly h: RecordsHarness;
  readonly arbiter: string;
  readonly id: string;
  readonly players: readonly { readonly id: string; readonly name: string }[];
  readonly link: { readonly tournamentId: string; readonly round: number; readonly table: number };
}

/** A game to start: its id, its players in seat order and, for a linked game, its link. */
export type GameToStart = Omit<Table, 'h' | 'arbiter' | 'link'> & { readonly link?: Table['link'] };

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
  /**
   * The body of `POST /v1/<route>/games` that starts the game: the suite sends it before `play`, and the authorization
   * matrix starts its linked game and fills its start row with it (test/authorization/discipline-rows.ts).
   */
  start(g: GameToStart): object;
  /** Plays the started game to its end. */
  play(t: Table): Promise<void>;
  /** Where the discipline imports records (`POST /v1/<route>/games/import`): a body importing a short one, for the matrix. */
  imported?(g: GameToStart): object;
  /**
   * The authorization matrix's rows of the discipline's routes that the kit's game routes do not cover (exports, tools,
   * deprecated aliases), or that answer otherwise; `ids` are what the matrix spec creates for the discipline.
   */
  ownRoutes?(ids: AuthzIds): readonly MatrixRow[];
  /**
   * A discipline whose games hide information (its GameFeature's `hidesInformation`): plays an unlinked game to a point
   * where it hides some (the contract suite then checks that no anonymous read shows it).
   */
  inProgress?(t: Omit<Table, 'link'>): Promise<void>;
}

const T0 = Date.now() - 600_000;
/** A moment `s` seconds into the drivers' day (ten minutes ago), for observed times. */
export const at = (s: number) => new Date(T0 + s * 1000).toISOString();
