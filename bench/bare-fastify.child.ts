/**
 * The ceiling for `bench:http`: bare Fastify (no Nest, no logging) serving the same standings bytes
 * as the Arbitra server and a hello. Reads the bytes from the file named in argv[2] (and a tournament document from argv[4]), listens on
 * argv[3], and prints "ready" when it listens. With argv[5], a file holding a command's answer, it also takes
 * `POST /commands/:stream`: the JSON body parsed, that answer sent with 201 (an HTTP command with no work behind it).
 */
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';

const standings = readFileSync(process.argv[2], 'utf8');
const summary = readFileSync(process.argv[4], 'utf8');
const app = Fastify({ logger: false });
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
