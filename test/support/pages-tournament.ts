import type { RecordsHarness } from './records-harness.js';

/** Five players (an odd field: a bye each round); one name carries markup, which the pages must show as text. */
export const PAGE_PLAYERS = [
  { id: 'chan', name: '陳學希' },
  { id: 'wong', name: 'Wong Siu Ki' },
  { id: 'lee', name: 'Lee Kwan Yee' },
  { id: 'evil', name: '<script>alert(1)</script> Evil' },
  { id: 'ho', name: 'Ho Ka Wai' },
];

/** A Scrabble result with the scores: the higher one wins. */
export const scrabbleWin = (first: number, second: number) => ({ kind: 'played', outcome: first > second ? 'first' : 'second', score: { first, second } });

/**
 * The pages' tournament through the API (issue 35): created by `chief`, the five players registered, round 1 paired by
 * hand (Ho has the bye), published, both results in. Returns the arbiter's token.
 */
export async function runPagesRound1(h: RecordsHarness, id: string, name: string): Promise<{ chief: string; arbiter: string }> {
  const chief = h.token('chief-arbiter', [id], 'td-1');
  const arbiter = h.token('arbiter', [id], 'arb-1');
  await h.post('/v1/tournaments', { id, name, discipline: 'scrabble', roundsPlanned: 3, pairingSystems: ['round-robin'] }, chief);
  for (const p of PAGE_PLAYERS) await h.post(`/v1/tournaments/${id}/players`, p, arbiter);
  const games = [
    { table: 1, first: 'chan', second: 'wong' },
    { table: 2, first: 'evil', second: 'lee' },
  ];
  await h.post(`/v1/tournaments/${id}/rounds/1/pairings`, { kind: 'manual', reason: 'seeded draw', games, tables: [], bye: 'ho' }, arbiter);
  await h.post(`/v1/tournaments/${id}/rounds/1/publish`, {}, arbiter);
  await h.post(`/v1/tournaments/${id}/rounds/1/results`, { table: 1, result: scrabbleWin(420, 380) }, arbiter);
  await h.post(`/v1/tournaments/${id}/rounds/1/results`, { table: 2, result: scrabbleWin(300, 460) }, arbiter);
  return { chief, arbiter };
}

/**
 * A final appeal in the pages' tournament (issue 35), against round 1 table 2's result: lodged by Evil, a committee,
 * a statement, a hearing with minutes, decided (varied: a replay ordered), then `beforeFinal` runs, then finalised.
 * Answers the server's appeal id. Everything of the file carries SECRET, the committee's names and votes included, so a page can be searched for it.
 */
export async function runPagesAppeal(
  h: RecordsHarness,
  id: string,
  key: string,
  beforeFinal: (appealId: string) => Promise<void> = async () => {},
): Promise<string> {
  const chief = h.token('chief-arbiter', [id], 'td-1');
  const evil = h.token('player', [id], 'evil');
  const chair = h.token('appeals-committee', [id], 'c-chair');
  const log = await h.core.store.readStream(`tournament-${id}`);
  const contested = log.find((e) => e.type === 'tournament.ResultRecorded' && (e.data as { table: number }).table === 2)!.id;
  const lodge = {
    appealId: key,
    tournamentId: id,
    contestedEventId: contested,
    appellant: { id: 'evil', capacity: 'player', forPlayer: 'evil' },
    grounds: 'SECRET-GROUNDS the clock was set wrong',
    remedySought: 'SECRET-REMEDY-SOUGHT a replay',
  };
  // The server makes the appeal id (issue 32); the test's `key` is the lodging's key.
  const appealId = (await h.post('/v1/appeals', lodge, evil)).body.events[0].data.appealId as string;
  const appeal = (path: string, body: object, token: string) => h.post(`/v1/appeals/${appealId}${path}`, body, token);
  await appeal('/acknowledgement', {}, chief);
  const members = [
    { id: 'c-chair', name: 'SECRET Chair', role: 'chair' },
    { id: 'c-two', name: 'SECRET Member Two', role: 'member' },
    { id: 'c-three', name: 'SECRET Member Three', role: 'member' },
  ];
  await appeal('/committee', { members }, chief);
  await appeal('/statements', { statementId: 's-1', kind: 'appellant', author: 'Evil', text: 'SECRET-STATEMENT', references: [] }, evil);
  await appeal('/hearing', { hearingAt: '2026-11-29T14:00:00Z', place: 'SECRET-ROOM' }, chair);
  await appeal('/hearing/minutes', { present: ['c-chair', 'c-two', 'c-three', 'evil'], minutes: 'SECRET-MINUTES' }, chair);
  const votes = [
    { member: 'c-chair', vote: 'vary' },
    { member: 'c-two', vote: 'vary' },
    { member: 'c-three', vote: 'dismiss' },
  ];
  const remedies = [{ kind: 'order-replay', round: 1, table: 2, instructions: 'after the last round, <b>same clocks</b>' }];
  await appeal('/decision', { outcome: 'varied', reasons: 'The clock was set for 20 minutes, not 25.', votes, remedies }, chair);
  await beforeFinal(appealId);
  await appeal('/finalisation', { note: 'SECRET-NOTE' }, chair);
  return appealId;
}
