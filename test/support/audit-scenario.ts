import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordsHarness } from './records-harness.js';

/** A signing key outside any data directory (issue 10: the key must not live with the log). */
export function signingKeyFile(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'arbitra-key-')), 'signing-key.pem');
  writeFileSync(file, generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  return file;
}

export const AUDIT_PLAYERS = [
  { id: 'chan-hok-hei', name: 'Chan Hok Hei', rating: 1900 },
  { id: 'wong-siu-ki', name: 'Wong Siu Ki', rating: 1850 },
  { id: 'wong-wai-ho', name: 'Wong Wai Ho', rating: 1800 },
  { id: 'cheung-siu-kwan', name: 'Cheung Siu Kwan', rating: 1750 },
];

/**
 * A small tournament `t` with a linked game, results and a correction, and another tournament
 * (`other-<t>`) that must not appear in `t`'s history or export. Returns round 1's games.
 */
export async function recordTournament(h: RecordsHarness, t: string) {
  const admin = h.token('admin');
  const arbiter = h.token('arbiter', [t], 'arb-kim');
  const chief = h.token('chief-arbiter', [t], 'td-chan');
  await h.post('/v1/tournaments', { id: t, name: `Open ${t}`, discipline: 'scrabble', pairingSystems: ['australian-draw'] }, admin);
  for (const p of AUDIT_PLAYERS) await h.post(`/v1/tournaments/${t}/players`, p, arbiter);
  const paired = await h.post(`/v1/tournaments/${t}/rounds/1/pairings`, { system: 'australian-draw' }, chief);
  await h.post(`/v1/tournaments/${t}/rounds/1/publish`, {}, chief);
  const games = paired.body.events[0].data.games as Array<{ table: number; first: string; second: string }>;
  const g1 = games[0];
  const players = [g1.first, g1.second].map((id) => ({ id, name: AUDIT_PLAYERS.find((p) => p.id === id)!.name }));
  await h.post(
    '/v1/scrabble/games',
    { id: `${t}-g1`, players, starter: 0, clockSide: 'right', clockSideChosenBy: 1, tilesCounted: 100, link: { tournamentId: t, round: 1, table: g1.table } },
    arbiter,
  );
  await h.post(
    `/v1/tournaments/${t}/rounds/1/results`,
    { table: 2, result: { kind: 'played', outcome: 'first', score: { first: 420, second: 380 } } },
    arbiter,
  );
  await h.post(
    `/v1/tournaments/${t}/rounds/1/results/2/corrections`,
    { result: { kind: 'played', outcome: 'second', score: { first: 380, second: 420 } }, reason: 'scoresheet slip reversed' },
    chief,
  );
  await h.post('/v1/tournaments', { id: `other-${t}`, name: 'Elsewhere', discipline: 'scrabble', pairingSystems: ['australian-draw'] }, admin);
  await h.post(`/v1/tournaments/other-${t}/players`, AUDIT_PLAYERS[0], admin);
  return { games, arbiter, chief };
}
