/**
 * The ceiling for `bench:http`: bare Fastify (no Nest, no logging) serving the same standings bytes
 * as the Arbitra server and a hello. Reads the bytes from the file named in argv[2] (and a tournament document from argv[4]), listens on
 * argv[3], and prints "ready" when it listens. With argv[5], a file holding a command's answer, it also takes
 * `POST /commands/:stream`: the JSON body parsed, that answer sent with 201 (an HTTP command with no work behind it).
 * With BARE_DUTIES=1 it also does what Arbitra does for every request before and after routing, with Arbitra's own
 * code (bench/support/duties.ts): the request id (a UUID), the request logger at info (reads logged at debug), the rate
 * limiter (a budget the bench does not reach, as bench:http gives the server) and the security headers. Arbitra's own
 * cost is then what is left.
 */
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';
import { TokenService } from '../libs/api/auth/token.service.js';
import { dutiesOptions, registerDuties } from './support/duties.js';

const standings = readFileSync(process.argv[2], 'utf8');
const summary = readFileSync(process.argv[4], 'utf8');
const duties = process.env.BARE_DUTIES === '1';
const app = Fastify(duties ? dutiesOptions() : { logger: false });
if (duties) await registerDuties(app, new TokenService('bare-duties-secret-bare-duties-secret-0123'));
app.get('/standings', (_req, reply) => {
  void reply.header('content-type', 'application/json; charset=utf-8').send(standings);
});
app.get('/summary', (_req, reply) => {
  void reply.header('content-type', 'application/json; charset=utf-8').send(summary);
});
app.get('/hello', () => ({ hello: 'world' }));
if (process.argv[5]) {
  const answer = readFileSync(process.argv[5], 'utf8');
  app.post('/commands/:stream', (request, reply) => {
    if (typeof request.body !== 'object' || request.body === null) return reply.code(400).send();
    return reply.code(201).header('content-type', 'application/json; charset=utf-8').send(answer);
  });
}
await app.listen({ port: Number(process.argv[3]), host: '127.0.0.1' });
process.stdout.write('ready\n');
