import type { RecordsHarness } from './records-harness.js';

/**
 * A WMC contest driven over HTTP, for the e2e specs where a table's penalty takes a player out of the next round:
 * eight players and a late entry from round 2 (who keeps the field at eight once one is out), the Swiss pairing of a
 * round, a linked table started, and a table played out (hand 1 won by `winner` by self-draw for 10, the rest drawn,
 * every hand confirmed, the card signed).
 */
export function mahjongContest(harness: () => RecordsHarness, contest: string, token: () => string) {
  const post = (path: string, body: object, status = 201) => harness().post(path, body, token(), status);
  return {
    post,
    async setUp(name: string) {
      const h = harness();
      await h.post('/v1/tournaments', { id: contest, name, discipline: 'mahjong', pairingSystems: ['mahjong-swiss'] }, h.token('admin'));
      for (let i = 1; i <= 8; i++) await post(`/v1/tournaments/${contest}/players`, { id: `p${i}`, name: `Player ${i}` });
      await post(`/v1/tournaments/${contest}/players`, { id: 'p9', name: 'Player 9', joinsAtRound: 2 });
    },
    /** Pairs and publishes a round: the players of each table, by seat. */
    async pair(round: number): Promise<string[][]> {
      const paired = await post(`/v1/tournaments/${contest}/rounds/${round}/pairings`, { system: 'mahjong-swiss' });
      await post(`/v1/tournaments/${contest}/rounds/${round}/publish`, {});
      return paired.body.events[0].data.tables.map((t: { seats: { player: string }[] }) => t.seats.map((s) => s.player));
    },
    /** Starts the game of a table, linked to the contest, and draws the seats: its path. */
    async start(round: number, table: number, players: string[]): Promise<string> {
      const id = `r${round}-t${table}`;
      await post('/v1/mahjong/games', { id, players: players.map((p) => ({ id: p, name: `Player ${p}` })), link: { tournamentId: contest, round, table } });
      await post(`/v1/mahjong/games/${id}/seat-draws`, { round: 1, winds: ['E', 'S', 'W', 'N'] });
      return `/v1/mahjong/games/${id}`;
    },
    async playOut(g: string, winner: number): Promise<void> {
      for (let hand = 1; hand <= 8; hand++) {
        if (hand === 5) await post(`${g}/seat-draws`, { round: 2, winds: ['W', 'N', 'E', 'S'] });
        const outcome = hand === 1 ? { kind: 'win', winner, by: 'self-draw', elements: ['1.1', '1.2'] } : { kind: 'drawn' };
        await post(`${g}/hands`, { hand, outcome });
        for (let seat = 0; seat < 4; seat++) await post(`${g}/confirmations`, { seat, hand });
      }
      for (let seat = 0; seat < 4; seat++) await post(`${g}/signatures`, { seat });
    },
  };
}
