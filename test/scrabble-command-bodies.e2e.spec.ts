import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RecordsHarness } from './support/records-harness.js';

/**
 * Scrabble's command bodies are declared schemas (libs/api/scrabble/scrabble-commands.ts lists them): a bad body is refused
 * 400 naming the field and the rule before anything is recorded, and a refusal of the game names the field the
 * client sent (`move.placements`, `shownCount`), not the command's.
 */
const PLAYERS = [
  { id: 'ann', name: 'Ann Lee' },
  { id: 'bob', name: 'Bob Chan' },
];
const G = '/v1/scrabble/games/gb';

const REFUSED: [route: string, body: object, field: string, rule: string][] = [
  ['draws', {}, 'seat', 'required'],
  ['draws', { seat: 2 }, 'seat', 'enum'],
  ['draws', { seat: 0, count: 9 }, 'count', 'maximum'],
  ['draws', { seat: 0, tiles: ['AB'] }, 'tiles[0]', 'pattern'],
  ['draws', { seat: 0, colour: 'red' }, 'colour', 'whitelistValidation'],
  ['draws', { seat: 0, at: 'yesterday' }, 'at', 'format'],
  ['moves', { seat: 0, move: { kind: 'play' } }, 'move.coordinate', 'required'],
  ['moves', { seat: 0, move: { kind: 'play', placements: [{ row: 7, col: 7, letter: 'A' }], coordinate: '8H' } }, 'move.coordinate', 'onlyWhen'],
  ['moves', { seat: 0, move: { kind: 'pass', word: 'QI' } }, 'move.word', 'onlyWhen'],
  ['moves', { seat: 0, move: { kind: 'exchange' } }, 'move.count', 'required'],
  ['moves', { seat: 0, move: { kind: 'exchange', tiles: ['A'], count: 1 } }, 'move.count', 'onlyWhen'],
  ['moves', { seat: 0, move: { kind: 'play', placements: [{ row: 15, col: 0, letter: 'A' }] } }, 'move.placements[0].row', 'maximum'],
  ['challenges', { seat: 1, words: ['Q'] }, 'words[0]', 'pattern'],
  ['challenges/verdicts', { verdicts: [{ word: 'QI' }] }, 'verdicts[0].valid', 'required'],
  ['clock/switches', { to: 0, reason: 'other' }, 'reason', 'enum'],
  ['td-calls', {}, 'reason', 'required'],
  ['score-corrections', { turn: 1, score: 1, agreedBy: [2] }, 'agreedBy[0]', 'enum'],
  ['reversed-scores', { tdDecision: 'x', agreedBy: [0, 1, 1] }, 'agreedBy', 'maxItems'],
  ['incidents', { kind: 'other', description: 'x', seat: 3 }, 'seat', 'enum'],
];

describe('Scrabble: declared command bodies', () => {
  let h: RecordsHarness;
  let arbiter: string;
  const revision = async () => (await h.get(`${G}/events`, arbiter).expect(200)).body.revision as number;
  const post = (route: string, body: object) => h.http().post(`${G}/${route}`).set('authorization', arbiter).send(body);

  beforeAll(async () => {
    h = await RecordsHarness.start();
    arbiter = h.token('arbiter', [], 'arb-1');
    await h.post(
      '/v1/scrabble/games',
      { id: 'gb', players: PLAYERS, starter: 0, clockSide: 'right', clockSideChosenBy: 1, tilesCounted: 100, tracking: true },
      arbiter,
    );
  });
  afterAll(async () => {
    await h.stop();
  });

  it('refuses a bad body 400 naming the field and the rule, and records nothing', async () => {
    const before = await revision();
    const got = [];
    for (const [route, body] of REFUSED) {
      const r = await post(route, body);
      got.push([route, body, r.status === 400 && r.body.type === 'urn:arbitra:problem:validation/failed' ? r.body.field : r.status, r.body.rule]);
    }
    expect(got).toEqual(REFUSED);
    expect(await revision()).toBe(before);
  });

  it('records a well-formed body as its command: tiles upper-cased, a null seat kept as none', async () => {
    const drawn = await post('draws', { seat: 0, tiles: ['q', 'e', 'i', 'n', 'r', 's', '?'] });
    expect(drawn.status).toBe(201);
    expect(drawn.body.events[0]).toMatchObject({ type: 'scrabble.TilesDrawn', data: { seat: 0, tiles: ['Q', 'E', 'I', 'N', 'R', 'S', '?'] } });
    expect((await post('draws', { seat: 1, tiles: ['A', 'B', 'C', 'D', 'E', 'F', 'G'] })).status).toBe(201);
    const incident = await post('incidents', { kind: 'other', description: 'a phone rang', seat: null });
    expect(incident.status).toBe(201);
    expect(incident.body.events[0]).toMatchObject({ type: 'scrabble.IncidentRecorded', data: { kind: 'other', seat: null } });
  });

  it('a refusal of the game names the field the client sent', async () => {
    const byTiles = await post('moves', { seat: 0, move: { kind: 'play', placements: [{ row: 0, col: 0, letter: 'q' }] }, announcedScore: 1 });
    expect(byTiles.status).toBe(409);
    expect(byTiles.body).toMatchObject({ type: 'urn:arbitra:problem:scrabble/first-play-not-on-centre', field: 'move.placements' });
    const byCount = await post('overdraw', { seat: 0, drawnCount: 3, drawn: ['a', 'b', 'c'] });
    expect(byCount.status).toBe(422);
    expect(byCount.body).toMatchObject({ type: 'urn:arbitra:problem:scrabble/overdraw-shown', field: 'shownCount' });
  });
});
