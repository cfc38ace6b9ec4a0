/**
 * Every route the Fastify instance under the Nest app has registered, read from Fastify's own
 * router (`printRoutes`), so routes added outside Nest (GET /health, the OpenAPI UI) are listed too.
 * A line the parser does not understand throws: a route can be refused, never skipped.
 */
import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  readonly method: string;
  readonly path: string;
}

/** `├── /v1/tournaments (POST, GET, HEAD)` nested by four columns a level: the full path is the segments above it joined. */
const LINE = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([A-Z]+(?:, [A-Z]+)*)\))?$/;

export function parsePrintedRoutes(printed: string): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const segments: string[] = [];
  for (const line of printed.split('\n')) {
    if (line.trim() === '') continue;
    const m = LINE.exec(line);
    if (!m) throw new Error(`a line of fastify.printRoutes() was not understood: ${JSON.stringify(line)}`);
    segments.length = m[1].length / 4;
    segments.push(m[2]);
    for (const method of m[3]?.split(', ') ?? []) routes.push({ method, path: segments.join('') });
  }
  return routes;
}

/**
 * The registered routes; HEAD is listed only where no GET shares its path (Fastify adds a HEAD to
 * every GET, answered by the GET's handler and guard). Each one is checked with `hasRoute`.
 */
export function registeredRoutes(fastify: FastifyInstance): RegisteredRoute[] {
  const all = parsePrintedRoutes(fastify.printRoutes({ commonPrefix: false }));
  for (const r of all) {
    if (!fastify.hasRoute({ method: r.method as 'GET', url: r.path })) throw new Error(`parsed ${r.method} ${r.path}, which Fastify does not have`);
  }
  const gets = new Set(all.filter((r) => r.method === 'GET').map((r) => r.path));
  return all.filter((r) => !(r.method === 'HEAD' && gets.has(r.path)));
}
