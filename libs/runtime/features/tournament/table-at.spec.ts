import { describe, expect, it } from '@jest/globals';
import type { ArbitraCore } from '../../arbitra-core.js';
import { ReadModelBehindError, requireTableFree } from './table-at.js';

const at = { tournamentId: 't', division: 'main', round: 1, table: 2, seats: ['a', 'b'] };
/** A core whose games read model lists `games` and has (or has not) caught up with the log. */
const coreWith = (caughtUp: boolean, games: object[]) =>
  ({
    store: { headPosition: async () => 40 },
    projections: { waitFor: async () => caughtUp },
    readModels: { list: () => games.map((value) => ({ value })) },
  }) as unknown as ArbitraCore;

describe('one game per table (Arbitra), checked on a games read model that has applied the log', () => {
  const other = { id: 'g-1', link: { tournamentId: 't', round: 1, table: 2 } };

  it('refuses a second game at a table, naming link.table and the game there; the same game passes', async () => {
    await expect(requireTableFree(coreWith(true, [other]), 'chess-games', at, 'g-2')).rejects.toMatchObject({
      type: 'games/link-table-taken',
      field: 'link.table',
      details: { linkedGame: 'g-1' },
    });
    await expect(requireTableFree(coreWith(true, [other]), 'chess-games', at, 'g-1')).resolves.toBeUndefined();
  });

  it('does not check on a read model that is behind the log: it says so (the table may be taken by a game it has not applied)', async () => {
    await expect(requireTableFree(coreWith(false, []), 'chess-games', at, 'g-2')).rejects.toBeInstanceOf(ReadModelBehindError);
  });
});
