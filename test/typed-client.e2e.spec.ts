import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { arbitraClient } from './client/arbitra-client.js';
import { freePort, startServer, stopServer } from './support/server-child.js';

/**
 * Issue 28: a client generated from the served OpenAPI document (openapi-typescript types, openapi-fetch calls) drives
 * the built server as a process: it creates a tournament, registers players and reads the tournament and its
 * standings, each body and answer typed by the document; a refusal comes back as the document's problem+json.
 * Needs `npm run build` first (npm test does).
 */
const main = join(new URL('..', import.meta.url).pathname, 'dist/apps/records/main.js');
const T = 'typed-open';

describe('records server driven by the client generated from its OpenAPI document', () => {
  let child: ChildProcess;
  let baseUrl: string;
  let token: string;

  beforeAll(async () => {
    if (!existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` first (npm test does)`);
    const port = await freePort();
    const env = { ARBITRA_DATA_DIR: mkdtempSync(join(tmpdir(), 'arbitra-typed-')), PORT: String(port), HOST: '127.0.0.1', ARBITRA_SQLITE_SYNC: 'OFF' };
    const started = await startServer(main, env, ['listening on', 'token id (jti)']);
    child = started.child;
    baseUrl = `http://127.0.0.1:${port}`;
    token = /First start: .*\n\s+(\S+)/.exec(started.output)![1];
  });
  afterAll(async () => {
    await stopServer(child);
  });

  it('creates a tournament, registers two players and reads the tournament and its standings, all typed', async () => {
    const api = arbitraClient(baseUrl, token);
    const created = await api.POST('/v1/tournaments', {
      body: { id: T, name: 'Typed Open', discipline: 'scrabble', pairingSystems: ['australian-draw'] },
    });
    expect(created.response.status).toBe(201);
    for (const [id, name] of [
      ['ann', 'Ann Lee'],
      ['bob', 'Bob Chan'],
    ])
      expect((await api.POST('/v1/tournaments/{id}/players', { params: { path: { id: T } }, body: { id, name } })).response.status).toBe(201);
    const { position } = (await api.POST('/v1/tournaments/{id}/players', { params: { path: { id: T } }, body: { id: 'cy', name: 'Cy Wong' } })).data as {
      position: number;
    };

    const anonymous = arbitraClient(baseUrl);
    const tournament = await anonymous.GET('/v1/tournaments/{id}', { params: { path: { id: T }, query: { waitFor: position } } });
    expect(tournament.response.status).toBe(200);
    // `data` is the document's TournamentSummary: its fields are typed, not `any`.
    const players: string[] = tournament.data!.players.map((p) => p.id);
    expect(players).toEqual(['ann', 'bob', 'cy']);
    expect(tournament.data!.discipline).toBe('scrabble');

    const standings = await anonymous.GET('/v1/tournaments/{id}/standings', { params: { path: { id: T } } });
    expect(standings.response.status).toBe(200);
    expect(JSON.stringify(standings.data)).toContain('"ann"');
  });

  it("a refusal is the document's problem+json: a tournament id taken is 409 with its type and rule", async () => {
    const api = arbitraClient(baseUrl, token);
    const again = await api.POST('/v1/tournaments', { body: { id: T, name: 'Typed Open again', discipline: 'scrabble', pairingSystems: ['australian-draw'] } });
    expect(again.response.status).toBe(409);
    expect(again.response.headers.get('content-type')).toContain('application/problem+json');
    expect(again.error).toMatchObject({ type: expect.stringMatching(/^urn:arbitra:problem:tournament\//), rule: expect.any(String) });
  });
});
