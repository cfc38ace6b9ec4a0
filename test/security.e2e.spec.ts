import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JwtService } from '@nestjs/jwt';
import { RecordsHarness } from './support/records-harness.js';

/** A JSON text nested `depth` levels deep: {"a":{"a":…1…}}. */
/** The claims of a token (no verification: tests read what was issued). */
function claimsOf(token: string): { jti?: string; exp?: number; iat?: number } {
  return JSON.parse(Buffer.from(token.replace(/^Bearer /, '').split('.')[1], 'base64url').toString('utf8'));
}

function nested(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

describe('records server: security limits (issue 7)', () => {
  let h: RecordsHarness;
  beforeAll(async () => {
    h = await RecordsHarness.start();
  });
  afterAll(async () => {
    await h.stop();
  });

  describe('body depth', () => {
    const endpoints = [
      ['a tournament results endpoint', '/v1/tournaments/t-deep/rounds/1/results', (deep: string) => `{"table":1,"result":${deep}}`],
      ['a tournament creation', '/v1/tournaments', (deep: string) => `{"id":"t-deep","name":"Deep","divisions":${deep}}`],
      ['a game creation', '/v1/scrabble/games', (deep: string) => `{"id":"g-deep","players":[],"profile":${deep}}`],
    ] as const;
    for (const [what, path, body] of endpoints) {
      for (const depth of [3_000, 100_000]) {
        it(`answers a body nested ${depth} levels deep on ${what} with 400 problem+json, not 500, and stores nothing`, async () => {
          const before = await h.core.store.headPosition();
          const r = await h
            .http()
            .post(path)
            .set('authorization', h.token('admin'))
            .set('content-type', 'application/json')
            .send(body(nested(depth)));
          expect(r.status).toBe(400);
          expect(r.headers['content-type']).toMatch(/application\/problem\+json/);
          expect(r.body).toMatchObject({ type: 'urn:arbitra:problem:validation/too-deep', field: 'body', rule: expect.stringContaining('32 levels') });
          expect(await h.core.store.headPosition()).toBe(before);
        });
      }
    }

    it('still accepts an ordinary nested body (the limit is far above real bodies)', async () => {
      const r = await h
        .http()
        .post('/v1/scrabble/games')
        .set('authorization', h.token('admin'))
        .send({ id: 'g-ok', profile: { a: { b: { c: 1 } } } });
      expect(r.body.type).not.toBe('urn:arbitra:problem:validation/too-deep');
    });
  });

  describe('names', () => {
    const BAD: [string, string, RegExp][] = [
      ['only zero-width characters', '\u200B\u200C\u200D\uFEFF', /visible character/],
      ['only spaces and a soft hyphen', '  \u00AD ', /visible character/],
      ['a NUL', 'Ann\u0000Lee', /control characters/],
      ['a bidi override', 'Ann \u202Eeel', /bidirectional/],
      ['a bidi isolate', 'Ann \u2066Lee\u2069', /bidirectional/],
    ];
    for (const [what, name, message] of BAD) {
      it(`refuses a player, tournament and game name with ${what}: 400 naming the field, nothing stored`, async () => {
        const admin = h.token('admin');
        const before = await h.core.store.headPosition();
        const t = await h
          .http()
          .post('/v1/tournaments')
          .set('authorization', admin)
          .send({ id: 't-names', name, discipline: 'scrabble', pairingSystems: ['random'] })
          .expect(400);
        expect(t.body.errors).toEqual(
          expect.arrayContaining([expect.objectContaining({ field: 'name', rule: 'isPersonName', message: expect.stringMatching(message) })]),
        );
        const g = await h
          .http()
          .post('/v1/scrabble/games')
          .set('authorization', admin)
          .send({
            id: 'g-names',
            players: [
              { id: 'ann', name },
              { id: 'bob', name: 'Bob' },
            ],
            starter: 0,
            clockSide: 'right',
            clockSideChosenBy: 1,
            tilesCounted: 100,
          })
          .expect(400);
        expect(g.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'players[0].name', rule: 'isPersonName' })]));
        expect(await h.core.store.headPosition()).toBe(before);
      });
    }

    it('refuses such a name when registering a player (name, club, team), and stores a name in NFC', async () => {
      const admin = h.token('admin');
      await h.post('/v1/tournaments', { id: 't-nfc', name: 'Caf\u0065\u0301 Open', discipline: 'scrabble', pairingSystems: ['random'] }, admin);
      const p = await h
        .http()
        .post('/v1/tournaments/t-nfc/players')
        .set('authorization', admin)
        .send({ id: 'zw', name: '\u200B\u200B', club: 'A\u0000', team: '\u202E' })
        .expect(400);
      expect(p.body.errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(['name', 'club', 'team']));
      await h.post('/v1/tournaments/t-nfc/players', { id: 'jose', name: 'Jos\u0065\u0301 Ng' }, admin);
      const view = await h.get('/v1/tournaments/t-nfc').expect(200);
      expect(view.body.name).toBe('Caf\u00E9 Open');
      expect(JSON.stringify(view.body)).toContain('Jos\u00E9 Ng');
      expect(JSON.stringify(view.body)).not.toContain('\u0301');
    });

    it('keeps accepting names in any script, with inner spaces and joiners', async () => {
      const admin = h.token('admin');
      await h.post('/v1/tournaments', { id: 't-scripts', name: '香港拼字錦標賽 2026', discipline: 'scrabble', pairingSystems: ['random'] }, admin);
      for (const [id, name] of [
        ['a', 'Chan Hok-hei'],
        ['b', 'محمد علي'],
        ['c', 'क्\u200Dषत्रिय'],
        ['d', 'O\u2019Brien'],
      ])
        await h.post('/v1/tournaments/t-scripts/players', { id, name }, admin);
    });

    it('issue 30: every name-like field is refused with control, bidi-override or invisible-only content: a CR/LF division name cannot forge a .TOU line', async () => {
      const admin = h.token('admin');
      const before = await h.core.store.headPosition();
      const send = (path: string, body: object) => h.http().post(path).set('authorization', admin).send(body);
      const forged = await send('/v1/tournaments', {
        id: 't-forge',
        name: 'Open',
        discipline: 'scrabble',
        pairingSystems: ['random'],
        divisions: ['A\r\nMallory             2400 +1'],
      }).expect(400);
      expect(forged.body.errors.map((e: { field: string }) => e.field).join(' ')).toContain('divisions');
      await h.post('/v1/tournaments', { id: 't-fields', name: 'Open', discipline: 'scrabble', pairingSystems: ['random'] }, admin);
      const p = await send('/v1/tournaments/t-fields/players', { id: 'ann', name: 'Ann', federationId: 'HK-1\nXX', country: '\u202EGKH' }).expect(400);
      expect(p.body.errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(['federationId', 'country']));
      const rated = await send('/v1/players', { id: 'bo', federationId: '\u200B', name: 'Bo\u0000', country: 'HKG' }).expect(400);
      expect(rated.body.errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(['federationId', 'name']));
      expect(await h.core.store.headPosition()).toBe(before + 1);
      // A file's names are refused the same way, naming the field sent (the file) and where in it.
      const gcg = await send('/v1/scrabble/games/import', { id: 'g-bidi', gcg: '#player1 ann Ann \u202Eeel\n#player2 bo Bo\n>ann: 8G QI +22 22\n' }).expect(
        422,
      );
      expect(gcg.body).toMatchObject({ field: 'gcg', detail: expect.stringContaining('#player1 full name') });
      const players = [
        { id: 'ann', name: 'Ann' },
        { id: 'bo', name: 'Bo' },
      ];
      const sgf = await send('/v1/go/games/import', { id: 'go-nul', sgf: '(;GM[1]SZ[9]PB[Ann\u0000]PW[Bo];B[ee])', players }).expect(422);
      expect(sgf.body).toMatchObject({ field: 'sgf', detail: expect.stringContaining('PB') });
      const pgn = await send('/v1/chess/games/import', { id: 'pgn-zw', pgn: '[White "\u200B\u200B"]\n[Result "*"]\n\n1. e4 *\n', players }).expect(422);
      expect(pgn.body).toMatchObject({ field: 'pgn', detail: expect.stringContaining('White') });
      expect(await h.core.store.headPosition()).toBe(before + 1);
    });
  });

  describe('tokens', () => {
    const sign = (payload: object, options: object = {}) =>
      `Bearer ${new JwtService({ secret: h.tokens.secret }).sign(payload, { algorithm: 'HS256', ...options })}`;

    it('refuses a correctly signed token without exp with 401 naming the rule', async () => {
      const r = await h
        .http()
        .get('/v1/events')
        .set('authorization', sign({ sub: 'a', role: 'admin', jti: 'no-exp-0001' }))
        .expect(401);
      expect(r.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(r.body).toMatchObject({
        type: 'urn:arbitra:problem:auth/unauthorized',
        detail: expect.stringContaining('no expiry (exp)'),
        rule: expect.stringContaining('exp'),
      });
    });

    it('refuses a token without jti, and one living longer than the maximum TTL (90 days by default)', async () => {
      const noJti = await h
        .http()
        .get('/v1/events')
        .set('authorization', sign({ sub: 'a', role: 'admin' }, { expiresIn: 3600 }))
        .expect(401);
      expect(noJti.body.detail).toContain('no id (jti)');
      const century = await h
        .http()
        .get('/v1/events')
        .set('authorization', sign({ sub: 'a', role: 'admin', jti: 'century-0001' }, { expiresIn: '100y' }))
        .expect(401);
      expect(century.body).toMatchObject({
        detail: expect.stringContaining('longer than the maximum 90d'),
        rule: expect.stringContaining('ARBITRA_TOKEN_MAX_TTL'),
      });
      await h
        .http()
        .get('/v1/events')
        .set('authorization', sign({ sub: 'a', role: 'admin', jti: 'ninety-0001' }, { expiresIn: '90d' }))
        .expect(200);
    });

    it('issues every token with a jti and an exp, and refuses to issue one for longer than the maximum', () => {
      const c = claimsOf(h.token('arbiter', ['t1']));
      expect(c.jti).toMatch(/^[0-9a-f-]{36}$/);
      expect(c.exp! - c.iat!).toBe(30 * 86_400);
      expect(() => h.tokens.issue({ sub: 'x', role: 'admin' }, '100y')).toThrow(/longer than the maximum token lifetime 90d/);
      expect(() => h.tokens.issue({ sub: 'x', role: 'admin' }, 'forever')).toThrow(/positive whole number and a unit/);
    });

    it('revokes a token through POST /v1/auth/revocations (an auth.TokenRevoked event); the token is refused at once and after a restart', async () => {
      const victim = h.token('chief-arbiter', ['t1'], 'td-lost-laptop');
      await h.http().get('/v1/audit/refused-reactions').set('authorization', victim).expect(200);
      const { jti } = claimsOf(victim);
      const admin = h.token('admin');
      const r = await h.http().post('/v1/auth/revocations').set('authorization', admin).send({ jti, reason: 'laptop lost at the venue' }).expect(201);
      expect(r.body).toMatchObject({
        stream: 'auth-tokens',
        events: [{ type: 'auth.TokenRevoked', data: { jti, reason: 'laptop lost at the venue', by: { id: 'admin-1', role: 'admin' } } }],
      });
      const refused = await h.http().get('/v1/audit/refused-reactions').set('authorization', victim).expect(401);
      expect(refused.body).toMatchObject({
        type: 'urn:arbitra:problem:auth/unauthorized',
        detail: expect.stringContaining('revoked'),
        rule: expect.stringContaining('auth.TokenRevoked'),
      });
      const again = await h.http().post('/v1/auth/revocations').set('authorization', admin).send({ jti, reason: 'twice' }).expect(409);
      expect(again.body).toMatchObject({ type: 'urn:arbitra:problem:auth/token-already-revoked', field: 'jti' });
      await h.restart();
      await h.http().get('/v1/audit/refused-reactions').set('authorization', victim).expect(401);
      const list = await h.http().get('/v1/auth/revocations').set('authorization', h.token('admin')).expect(200);
      expect(list.body.revocations).toEqual(expect.arrayContaining([expect.objectContaining({ jti })]));
    });

    it('lets only an admin revoke, and refuses a malformed jti with 400 naming it', async () => {
      const td = h.token('chief-arbiter', ['t1']);
      await h
        .http()
        .post('/v1/auth/revocations')
        .set('authorization', td)
        .send({ jti: claimsOf(td).jti, reason: 'self' })
        .expect(403);
      const bad = await h.http().post('/v1/auth/revocations').set('authorization', h.token('admin')).send({ jti: 'x', reason: 'r' }).expect(400);
      expect(bad.body.field).toBe('jti');
    });
  });
});
