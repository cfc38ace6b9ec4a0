/**
 * The ceiling for `bench:http`: bare Fastify (no Nest, no logging) serving the same standings bytes
 * as the Arbitra server and a hello. Reads the bytes from the file named in argv[2] (and a tournament document from argv[4]), listens on
 * argv[3], and prints "ready" when it listens.
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
await app.listen({ port: Number(process.argv[3]), host: '127.0.0.1' });
process.stdout.write('ready\n');
