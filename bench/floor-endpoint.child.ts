/**
 * The floor for `bench:http` commands: a minimal endpoint doing a command's durable job on the same stack, with nothing
 * else. Fastify without logging; an HS256 bearer token verified on every request by the library Arbitra uses
 * (@nestjs/jwt, no cache) and its role checked; the body validated by ajv against a JSON Schema that refuses unknown
 * fields; one event appended through Arbitra's own SqliteEventStore (its pragmas, table, triggers, group commit and
 * SHA-256 hash chain over canonical JSON, synchronous=FULL); one small read model updated in memory. Refusals answer
 * problem+json. It serves the commands bench:http compares (a registration, a result, a Scrabble move, a Go move, a
 * mahjong hand) on Arbitra's paths; it decides nothing about the game (no board, no standings): the durable job only.
 * With FLOOR_DUTIES=1 it also does Arbitra's per-request duties with Arbitra's own code (bench/support/duties.ts, as
 * bare-fastify.child.ts with BARE_DUTIES=1): the request id, the request log at info (a line per command on stdout),
 * the rate limiter (per token subject, the token verified through Arbitra's TokenService) and the security headers.
 * Usage: [FLOOR_DUTIES=1] node floor-endpoint.child.js <port> <data dir> <jwt secret>; prints "ready".
 */
import { JwtService } from '@nestjs/jwt';
import { Ajv } from 'ajv';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { createSecretKey, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { TokenService } from '../libs/api/auth/token.service.js';
import type { Role } from '../libs/domain/kernel/index.js';
import { SqliteEventStore } from '../libs/store/sqlite/sqlite-event-store.js';
import { dutiesOptions, registerDuties } from './support/duties.js';

const [port, dataDir, secret] = process.argv.slice(2);
// The key as a KeyObject, as token.service.ts passes it: given a string, jsonwebtoken first tries it as a public key
// and throws on every verification (half the floor's CPU per request).
const jwt = new JwtService({ secret: createSecretKey(Buffer.from(secret, 'utf8')) as unknown as string, verifyOptions: { algorithms: ['HS256'] } });
const store = new SqliteEventStore({ path: join(dataDir, 'floor.db'), synchronous: 'FULL' });
const OFFICIALS = new Set(['admin', 'chief-arbiter', 'arbiter']);
const ajv = new Ajv({ allErrors: false });
const closed = (properties: Record<string, object>, required: string[]) => ({ type: 'object', additionalProperties: false, required, properties });
const int = (minimum: number, maximum: number) => ({ type: 'integer', minimum, maximum });
const AT = { type: 'string', maxLength: 40 };

/** The read model: each stream's revision and the number of events it holds. */
const streams = new Map<string, { revision: number; events: number; keys: Set<string> }>();
/** Commands to one stream are decided one after another (as Arbitra does within a process): each waits for the last. */
const queues = new Map<string, Promise<unknown>>();
function serial<T>(stream: string, work: () => Promise<T>): Promise<T> {
  const next = (queues.get(stream) ?? Promise.resolve()).then(work, work);
  queues.set(stream, next);
  return next;
}

const duties = process.env.FLOOR_DUTIES === '1';
const app = Fastify(duties ? dutiesOptions() : { logger: false });
if (duties) await registerDuties(app, new TokenService(secret));
const refuse = (reply: FastifyReply, status: number, type: string, detail: string) =>
  reply
    .code(status)
    .type('application/problem+json')
    .send({ type: `https://arbitra.dev/problems/${type}`, title: type, status, detail });

type Params = Record<string, string>;
/**
 * One command route: token, role, schema, then one event appended to `stream` (refused with 409 when `key` names a
 * value the stream already holds, as a second registration of one id is).
 */
function command(path: string, type: string, schema: object, stream: (p: Params) => string, key?: (body: Record<string, unknown>) => string) {
  const validate = ajv.compile(schema);
  app.post(path, async (request: FastifyRequest<{ Params: Params; Body: Record<string, unknown> }>, reply) => {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    let claims: { sub: string; role: string; tournaments?: string[] };
    try {
      claims = jwt.verify(token ?? '');
    } catch {
      return refuse(reply, 401, 'auth/invalid-token', 'a valid bearer token is required');
    }
    const id = request.params.id;
    if (!OFFICIALS.has(claims.role) || (claims.role !== 'admin' && !claims.tournaments?.includes(id)))
      return refuse(reply, 403, 'auth/forbidden', `role ${claims.role} may not send ${type}`);
    if (!validate(request.body)) {
      const e = validate.errors![0];
      return refuse(reply, 400, 'validation', `${e.instancePath || e.params.additionalProperty} ${e.message}`);
    }
    const body = request.body;
    const name = stream(request.params);
    const answer = await serial(name, async () => {
      const model = streams.get(name) ?? { revision: -1, events: 0, keys: new Set<string>() };
      const k = key?.(body);
      if (k !== undefined && model.keys.has(k)) return null;
      const commandId = randomUUID();
      const recorded = await store.append(
        name,
        [
          {
            id: randomUUID(),
            type,
            data: { ...request.params, ...body },
            meta: {
              actor: { id: claims.sub, role: claims.role as Role },
              commandId,
              correlationId: commandId,
              causationId: null,
              recordedAt: new Date().toISOString(),
              schemaVersion: 1,
            },
          },
        ],
        model.revision === -1 ? 'no-stream' : model.revision,
      );
      model.revision = recorded.revision;
      model.events++;
      if (k !== undefined) model.keys.add(k);
      streams.set(name, model);
      return { stream: name, revision: recorded.revision, position: recorded.position };
    });
    if (!answer) return refuse(reply, 409, 'already-recorded', `${key!(body)} is recorded`);
    return reply.code(201).send(answer);
  });
}

const ID = { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$' };
const PAIR = closed({ first: int(0, 10_000), second: int(0, 10_000) }, ['first', 'second']);
const tournament = (p: Params) => `tournament-${p.id}`;
command(
  '/v1/tournaments/:id/players',
  'tournament.PlayerRegistered',
  closed({ id: ID, name: { type: 'string', minLength: 1, maxLength: 100 }, rating: int(0, 4000) }, ['id', 'name']),
  tournament,
  (b) => String(b.id),
);
command(
  '/v1/tournaments/:id/rounds/:n/results',
  'tournament.ResultRecorded',
  closed(
    {
      table: int(1, 100_000),
      division: ID,
      result: closed({ kind: { enum: ['played', 'forfeit', 'double-forfeit'] }, outcome: { enum: ['first', 'second', 'draw'] }, score: PAIR }, ['kind']),
    },
    ['table', 'result'],
  ),
  tournament,
  (b) => String(b.table),
);
command(
  '/v1/scrabble/games/:id/moves',
  'scrabble.MoveCompleted',
  closed(
    {
      seat: int(0, 1),
      at: AT,
      move: closed(
        {
          kind: { enum: ['play', 'exchange', 'pass'] },
          coordinate: { type: 'string', pattern: '^([A-O](1[0-5]|[1-9])|(1[0-5]|[1-9])[A-O])$' },
          word: { type: 'string', pattern: '^[A-Za-z.?]{1,15}$' },
        },
        ['kind'],
      ),
      announcedScore: int(0, 2000),
      pressClock: { type: 'boolean' },
    },
    ['seat', 'move'],
  ),
  (p) => `scrabble-game-${p.id}`,
);
command(
  '/v1/go/games/:id/moves',
  'go.MovePlayed',
  closed({ seat: int(0, 1), at: AT, point: { type: 'string', pattern: '^[A-HJ-T](1[0-9]|[1-9])$' } }, ['seat', 'point']),
  (p) => `go-game-${p.id}`,
);
command(
  '/v1/mahjong/games/:id/hands',
  'mahjong.HandRecorded',
  closed(
    {
      hand: int(1, 16),
      at: AT,
      outcome: closed(
        {
          kind: { enum: ['win', 'drawn'] },
          winner: int(0, 3),
          by: { enum: ['discard', 'self-draw'] },
          from: int(0, 3),
          elements: { type: 'array', maxItems: 40, items: { type: 'string', pattern: '^[0-9]{1,2}(\\.[0-9]{1,2}){0,2}$' } },
          winningTile: { type: 'string', maxLength: 3 },
        },
        ['kind'],
      ),
    },
    ['hand', 'outcome'],
  ),
  (p) => `mahjong-table-${p.id}`,
  (b) => String(b.hand),
);

await app.listen({ port: Number(port), host: '127.0.0.1' });
process.stdout.write('ready\n');
process.on('SIGTERM', () => void app.close().then(() => store.close()));
