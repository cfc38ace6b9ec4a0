import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AppealIds } from './support/appeal-ids.js';
import { RecordsHarness } from './support/records-harness.js';

const PLAYERS = [
  { id: 'ann', name: 'Ann Lee' },
  { id: 'bob', name: 'Bob Chan' },
];

describe('appeals over HTTP in Go (Ing rules): the arbiter’s rulings on fouls are final', () => {
  let h: RecordsHarness;
  // Appeal ids are the server's (issue 32): `appeals.of(key)` is the id of the appeal lodged with appealId `key`.
  const appeals = new AppealIds();
  const post = async (path: string, body: object, token: string | null, status = 201) => appeals.record(path, body, await h.post(path, body, token, status));

  beforeAll(async () => {
    h = await RecordsHarness.start();
  });
  afterAll(async () => {
    await h.stop();
  });

  /** A Go tournament with round 1 (ann v bob) published and a game linked to it, ended by the arbiter's loss ruling against bob. */
  async function ruledLoss(tid: string, ground: string) {
    const chief = h.token('chief-arbiter', [tid], `chief-${tid}`);
    const arbiter = h.token('arbiter', [tid], `arb-${tid}`);
    await h.publishedRound1({ id: tid, name: tid, discipline: 'go' }, PLAYERS, ['ann', 'bob'], chief, arbiter);
    await post('/v1/go/games', { id: `${tid}-g`, players: PLAYERS, boardSize: 9, link: { tournamentId: tid, round: 1, table: 1 } }, arbiter);
    const r = await post(`/v1/go/games/${tid}-g/rulings/losses`, { seat: 1, ground, note: `bob: ${ground}, verified by the arbiter` }, arbiter);
    await h.core.settle();
    h.position = await h.core.store.headPosition();
    const ended = r.body.events.find((e: { type: string }) => e.type === 'go.GameEnded');
    return {
      contestedEventId: ended.id as string,
      lodge: (appealId: string, status = 201) =>
        post(
          '/v1/appeals',
          {
            appealId,
            tournamentId: tid,
            contestedEventId: ended.id,
            appellant: { id: 'bob', capacity: 'player', forPlayer: 'bob' },
            grounds: 'I did not do it',
            remedySought: 'the game is resumed',
          },
          h.token('player', [tid], 'bob'),
          status,
        ),
    };
  }

  it('Ing rules 第十条 裁判: an appeal against the arbiter’s loss ruling for 悔着 (retraction) or 抗命 (defiance) is refused citing the rule; nothing is recorded', async () => {
    for (const ground of ['retraction', 'defiance']) {
      const { lodge } = await ruledLoss(`ing-${ground}`, ground);
      const head = await h.core.store.headPosition();
      const refused = await lodge(`ap-${ground}`, 409);
      expect(refused.body).toMatchObject({
        type: 'urn:arbitra:problem:appeals/arbiter-final',
        field: 'contestedEventId',
        rule: expect.stringContaining('Ing rules 第十条 裁判'),
      });
      expect(await h.core.store.headPosition()).toBe(head);
    }
  });

  it('Ing rules 第十条 裁判 covers fouls only: the arbiter’s ruling that a player withdrew (弃权) stays appealable (Arbitra default)', async () => {
    const { lodge, contestedEventId } = await ruledLoss('ing-withdrawal', 'withdrawal');
    const lodged = await lodge('ap-withdrawal');
    expect(lodged.body.events[0].data).toMatchObject({
      profile: 'ing-go',
      contested: { eventId: contestedEventId, type: 'go.GameEnded', kind: 'ruling', ground: 'withdrawal', parties: ['ann', 'bob'] },
    });
  });
});
