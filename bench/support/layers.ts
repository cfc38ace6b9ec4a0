/**
 * Where a server's CPU goes, by layer, from Linux `perf` (bench:http --layers): `perf record` samples the server's
 * threads, kernel included (a write, an fsync's own CPU), and each sample is put in the layer of the innermost
 * frame that names one. The server runs with `--perf-basic-prof`, so its JavaScript frames carry their files.
 * GC and the JIT come first (they run under any frame); then the frames of the project's and its libraries' code;
 * then native frames (SQLite, the HTTP parser, TCP) with no JavaScript frame above them that names a layer.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

type Layer = readonly [name: string, frame: RegExp];

const RUNTIME: readonly Layer[] = [
  ['GC', /Scaveng|MarkCompact|Heap::|GCTracer|Sweeper|ConcurrentMarking|MinorMS/],
  ['JIT compile', /compiler::|Compiler::|[Mm]aglev|Turbofan|BaselineBatch|CompileLazy|Deoptimiz/],
];
const CODE: readonly Layer[] = [
  ['store (event log, hash chain)', /sqlite-event-store|hash-chain|canonical-json|global-chain|append-wake|seals\.js/],
  [
    'projections (read models)',
    /read-model-store|projection-runner|value-cache|\/projections\/|tournament-fold|\.projection\.js|game-read-model|standings-documents|per-division|provisional|process-manager|result-poster|game-penalties/,
  ],
  ['request log', /pino|sonic-boom|OneLineRequestLog|\/logger\.js/],
  ['rate limiter', /rate-limit/],
  ['validation', /ajv|class-validator|class-transformer|quick-accept|validation\.js|body-schema|omittable/],
  ['decide and evolve (domain)', /\/libs\/domain\//],
  ['command runner', /command-handler|stream-queue|stream-states|command-request|game-runner|arbitra-core|earlier-answers|idempotency/],
  ['token', /auth\.guard|token\.service|jsonwebtoken|\/jws\/|@nestjs\/jwt|\/jwa\//],
  ['controllers and answers', /\/libs\/api\/|floor-endpoint/],
  ['Nest', /@nestjs\/(core|common|platform-fastify)|reflect-metadata|rxjs/],
  ['Fastify', /fastify|find-my-way|avvio|secure-json-parse|fast-json-stringify|light-my-request/],
  ['HTTP and TCP (Node)', /_http_|node:net|internal\/streams|node:events/],
];
const NATIVE: readonly Layer[] = [
  ['HTTP and TCP (Node)', /llhttp|tcp_|StreamBase|http_parser|Parser|writev|epoll/],
  ['store (event log, hash chain)', /better_sqlite3|fsync|sqlite3/],
];

/** The layer of one sample, from its frames (innermost first). */
export function layerOf(frames: readonly string[]): string {
  for (const layers of [RUNTIME, CODE, NATIVE]) for (const frame of frames) for (const [name, pattern] of layers) if (pattern.test(frame)) return name;
  return 'other (event loop, promises, V8 builtins)';
}

/** Shares of the samples of `perf script` output (blank-line separated samples, a header line then one frame a line). */
export function layerShares(script: string): { samples: number; shares: Map<string, number> } {
  const counts = new Map<string, number>();
  let samples = 0;
  for (const block of script.split('\n\n')) {
    const lines = block.trim().split('\n');
    if (lines.length < 2) continue;
    samples++;
    const layer = layerOf(lines.slice(1));
    counts.set(layer, (counts.get(layer) ?? 0) + 1);
  }
  return { samples, shares: new Map([...counts].map(([k, v]) => [k, v / Math.max(1, samples)])) };
}

/** Whether `perf` can record here (installed, and allowed to sample other processes). */
export function perfAvailable(): boolean {
  return spawnSync('perf', ['record', '-q', '-o', '/dev/null', 'true'], { stdio: 'ignore' }).status === 0;
}

/** A `perf record` of the given processes until `stop`; then each one's layer shares. */
export function recordLayers(pids: readonly number[], file: string): { stop(): Promise<Map<number, ReturnType<typeof layerShares>>> } {
  const perf: ChildProcess = spawn('perf', ['record', '-q', '-F', '999', '-g', '-o', file, '-p', pids.join(',')], { stdio: 'ignore' });
  return {
    async stop() {
      const exited = new Promise((resolve) => perf.once('exit', resolve));
      perf.kill('SIGINT');
      await exited;
      const out = new Map<number, ReturnType<typeof layerShares>>();
      for (const pid of pids) {
        const script = spawnSync('perf', ['script', '-i', file, '--pid', String(pid)], { encoding: 'utf8', maxBuffer: 1 << 30 });
        out.set(pid, layerShares(script.stdout ?? ''));
        // BENCH_PERF_SCRIPTS=<dir> keeps each process's samples for a closer look (a layer's hottest frames).
        const keep = process.env.BENCH_PERF_SCRIPTS;
        if (keep) writeFileSync(join(keep, `${basename(file)}.${pid}.txt`), script.stdout ?? '');
      }
      rmSync(file, { force: true });
      return out;
    },
  };
}
