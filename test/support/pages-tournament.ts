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
