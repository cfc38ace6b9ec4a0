// Seeds the fuzz server (scripts/fuzz-api.sh) with the records the OpenAPI examples name, so that requests to
// routes of an existing tournament, game, penalty or appeal reach the logic behind them instead of a 404:
// a Scrabble tournament `hk-open-2026` with a published round 1, one game `hk-open-2026-r1-t1` per discipline,
// a mahjong tournament `wmc-open-2026` with penalty `wmc-2026-r3-t4-01`, appeal `appeal-7`, rated player
// `chan-tai-man` and webhook `ratings-office`. A step the server refuses is reported and the rest go on.
//   node scripts/fuzz-seed.mjs http://127.0.0.1:PORT TOKEN
const [base, token] = process.argv.slice(2);
const T = 'hk-open-2026';
const G = 'hk-open-2026-r1-t1';
let created = 0;
const refused = [];

async function post(path, body) {
  const r = await fetch(base + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = await r.json().catch(() => ({}));
  if (r.status === 201) created++;
  else refused.push(`${r.status} POST ${path}: ${answer.detail ?? ''}`);
  return answer;
}

const two = [
  { id: 'chan-hok-hei', name: 'Chan Hok Hei' },
  { id: 'wong-wai-ho', name: 'Wong Wai Ho' },
];
const entrants = [...two, { id: 'lee-kwan-yee', name: 'Lee Kwan Yee' }, { id: 'wong-siu-ki', name: 'Wong Siu Ki' }];

await post('/v1/tournaments', { id: T, name: 'HK Open 2026', discipline: 'scrabble', pairingSystems: ['random', 'australian-draw'] });
for (const p of entrants) await post(`/v1/tournaments/${T}/players`, { ...p, rating: 1500 });
const paired = await post(`/v1/tournaments/${T}/rounds/1/pairings`, { kind: 'system', system: 'random' });
await post(`/v1/tournaments/${T}/rounds/1/publish`, {});

await post('/v1/scrabble/games', { id: G, players: two, starter: 0, clockSide: 'right', clockSideChosenBy: 1, tilesCounted: 100 });
await post('/v1/chess/games', { id: G, players: two, timeControl: { minutes: 30 } });
await post('/v1/go/games', { id: G, players: two.map((p) => ({ ...p, rank: '1d' })), boardSize: 19 });
await post('/v1/xiguaqi/games', { id: G, players: two, bestOf: 3, minutesPerGame: 20, first: 0 });
await post('/v1/mahjong/games', { id: G, players: entrants });

const W = 'wmc-open-2026';
await post('/v1/tournaments', { id: W, name: 'WMC Open 2026', discipline: 'mahjong', pairingSystems: ['mahjong-swiss'] });
for (const p of entrants) await post(`/v1/tournaments/${W}/players`, p);
await post(`/v1/tournaments/${W}/penalty-ledger`, {
  penaltyId: 'wmc-2026-r3-t4-01',
  target: { player: 'lee-kwan-yee' },
  offence: 'no-call-announcement',
  kind: 'warning',
  reason: 'claimed a pung without calling',
});

const contested = paired.events?.[0]?.id;
if (contested)
  await post('/v1/appeals', {
    appealId: 'appeal-7',
    tournamentId: T,
    contestedEventId: contested,
    appellant: { id: 'chan-hok-hei', capacity: 'player', forPlayer: 'chan-hok-hei' },
    grounds: 'the pairing repeated an earlier game',
    remedySought: 'pair the round again',
  });

await post('/v1/players', { id: 'chan-tai-man', federationId: 'HKG-0042', name: 'Chan Tai Man', country: 'HKG' });
await post('/v1/webhooks', {
  id: 'ratings-office',
  url: 'https://ratings.example.org/arbitra',
  secret: 'a-long-shared-secret-1234',
  eventTypes: ['tournament.'],
  audience: 'public',
});

console.log(`seed: ${created} records created${refused.length ? `; refused: ${refused.join(' | ')}` : ''}`);
