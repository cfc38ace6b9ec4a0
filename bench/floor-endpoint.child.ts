/**
 * The floor for `bench:http` commands: a minimal endpoint doing a registration's durable job on the same stack, with
 * nothing else. Fastify without logging; an HS256 bearer token verified on every request by the library Arbitra uses
 * (@nestjs/jwt, no cache) and its role and tournament checked; the body validated by ajv against a JSON Schema that
 * refuses unknown fields; one event appended through Arbitra's own SqliteEventStore (its pragmas, table, triggers,
 * group commit and SHA-256 hash chain over canonical JSON, synchronous=FULL); one small read model updated in memory.
 * Refusals answer problem+json. Usage: node floor-endpoint.child.js <port> <data dir> <jwt secret>; prints "ready".
 */
import { JwtService } from '@nestjs/jwt';
import { Ajv } from 'ajv';
import Fastify, { type FastifyReply } from 'fastify';
import { createSecretKey, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Role } from '../libs/domain/kernel/index.js';
import { SqliteEventStore } from '../libs/store/sqlite/sqlite-event-store.js';

const [port, dataDir, secret] = process.argv.slice(2);
// The key as a KeyObject, as token.service.ts passes it: given a string, jsonwebtoken first tries it as a public key
// and throws on every verification (half the floor's CPU per request).
const jwt = new JwtService({ secret: createSecretKey(Buffer.from(secret, 'utf8')) as unknown as string, verifyOptions: { algorithms: ['HS256'] } });
const store = new SqliteEventStore({ path: join(dataDir, 'floor.db'), synchronous: 'FULL' });
const OFFICIALS = new Set(['admin', 'chief-arbiter', 'arbiter']);

const validate = new Ajv({ allErrors: false }).compile({
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name'],
  properties: {
    id: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$' },
    name: { type: 'string', minLength: 1, maxLength: 100 },
    rating: { type: 'integer', minimum: 0, maximum: 4000 },
  },
});

/** The read model: each tournament's revision and its players (id → name, rating). */
const tournaments = new Map<string, { revision: number; players: Map<string, { name: string; rating?: number }> }>();
/** Commands to one stream are decided one after another (as Arbitra does within a process): each waits for the last. */
const queues = new Map<string, Promise<unknown>>();
function serial<T>(stream: string, work: () => Promise<T>): Promise<T> {
  const next = (queues.get(stream) ?? Promise.resolve()).then(work, work);
  queues.set(stream, next);
  return next;
}

const app = Fastify({ logger: false });
const refuse = (reply: FastifyReply, status: number, type: string, detail: string) =>
  reply
    .code(status)
    .type('application/problem+json')
    .send({ type: `https://arbitra.dev/problems/${type}`, title: type, status, detail });

app.post<{ Params: { id: string }; Body: { id: string; name: string; rating?: number } }>('/v1/tournaments/:id/players', async (request, reply) => {
  const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  let claims: { sub: string; role: string; tournaments?: string[] };
  try {
    claims = jwt.verify(token ?? '');
  } catch {
    return refuse(reply, 401, 'auth/invalid-token', 'a valid bearer token is required');
  }
  const tournament = request.params.id;
  if (!OFFICIALS.has(claims.role) || (claims.role !== 'admin' && !claims.tournaments?.includes(tournament)))
    return refuse(reply, 403, 'auth/forbidden', `role ${claims.role} may not register players`);
  if (!validate(request.body)) {
    const e = validate.errors![0];
    return refuse(reply, 400, 'validation', `${e.instancePath || e.params.additionalProperty} ${e.message}`);
  }
  const body = request.body;
  const answer = await serial(tournament, async () => {
    const model = tournaments.get(tournament) ?? { revision: -1, players: new Map() };
    if (model.players.has(body.id)) return null;
    const commandId = randomUUID();
    const recorded = await store.append(
      `tournament-${tournament}`,
      [
        {
          id: randomUUID(),
          type: 'tournament.PlayerRegistered',
          data: body,
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
    model.players.set(body.id, { name: body.name, rating: body.rating });
    tournaments.set(tournament, model);
    return { stream: `tournament-${tournament}`, revision: recorded.revision, position: recorded.position };
  });
  if (!answer) return refuse(reply, 409, 'tournament/player-exists', `${body.id} is registered`);
  return reply.code(201).send(answer);
});

await app.listen({ port: Number(port), host: '127.0.0.1' });
process.stdout.write('ready\n');
process.on('SIGTERM', () => void app.close().then(() => store.close()));
