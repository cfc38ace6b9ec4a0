/**
 * `npm run bench:http`: the built records server (README defaults: synchronous=FULL, group commit,
 * info logging) against bare Fastify serving the same bytes, measured with autocannon in one run.
 * Prints requests/s, p50/p99 latency and the ratios. Not a test: numbers vary with the machine.
 *   --duration=5 (seconds per measurement) --connections=10 (GETs) --writers=50 (commands, appends)
 *   --rounds=5 (the GET ratios are also measured interleaved, bare and Arbitra in turn, and the median ratio printed)
 * Commands (a registration, a result, a Scrabble move, a Go move, a mahjong hand) are also measured against the floor,
 * bench/floor-endpoint.child.ts doing a command's durable job alone, at 10 and --writers connections:
 *   --floor-rounds=3 --amount=800 (commands per round) --warmup=2000 (commands each server takes first, unmeasured)
 *   --commands=registration,result,scrabble,go,mahjong
 *   --compare=<another build's dist/apps/records/main.js> (measured in the same rounds: floor commands, reads, memory)
 *   --only=floor|reads|commands|memory
 * In the same rounds, "floor+duties": the floor endpoint with FLOOR_DUTIES=1, also doing Arbitra's per-request duties
 * with Arbitra's code (request id, request log at info, rate limiter, security headers; bench/support/duties.ts). Each
 * line gives its CPU per command ÷ the floor's, and Arbitra's ÷ its: the ratio the duties alone leave to the floor.
 * --layers (Linux perf): each floor command's CPU by layer, for every server of the floor rounds (bench/support/layers.ts),
 *   then a ceiling line: (floor+duties + Arbitra's projections layer, µs) ÷ floor, means of the measured rounds: the
 *   ratio of a build that keeps the duties and the read models at today's projections cost and adds nothing else.
 *   BENCH_PERF_SCRIPTS=<dir> keeps each command's perf samples there, a file per process (perf script output).
 * --only=memory: the server's RSS after 50 tournaments × 100 players × 7 rounds (issue 34's memory target).
 * BENCH_SERVER_NODE_ARGS go to the servers' node, BENCH_FLOOR_NODE_ARGS to the floor's (e.g. `--cpu-prof --cpu-prof-dir=…`).
 */
import autocannon, { type Result } from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TokenService } from '../libs/api/auth/token.service.js';
import { analysePlay, emptyBoard, placeOnBoard, placementsFromWord } from '../libs/domain/disciplines/scrabble/index.js';
import { SqliteEventStore } from '../libs/store/sqlite/sqlite-event-store.js';
import { benchEvent } from './support/bench-fixtures.js';
import { perfAvailable, recordLayers } from './support/layers.js';
import { median, rotated } from './support/measure.js';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const DURATION = Number(args.get('duration') ?? 5);
const CONNECTIONS = Number(args.get('connections') ?? 10);
const WRITERS = Number(args.get('writers') ?? 50);
const PLAYERS = 100;
const RATE_BUDGET = 1_000_000_000;
const ROUNDS = 7;
const T = 'bench-open';
const SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
const root = mkdtempSync(join(tmpdir(), 'arbitra-http-bench-'));
const children: ChildProcess[] = [];
const dist = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** Server pid by origin (`http://127.0.0.1:port`), for CPU time per request. */
const pids = new Map<string, number>();
const TICK_MS = 1000 / Number(process.env.CLK_TCK ?? 100);
/** Whether this kernel keeps each thread's run time in nanoseconds (/proc/<pid>/task/<tid>/schedstat). */
const SCHEDSTAT = existsSync('/proc/self/schedstat');
/**
 * A child's CPU time so far (user + system), in ms, on Linux; undefined elsewhere. The sum of its threads' run times
 * from schedstat (nanoseconds): /proc/<pid>/stat counts in clock ticks (10 ms), a step of 12.5 µs per command in a
 * round of 800. The servers' threads (V8's, libuv's) live as long as the process, so none of their time leaves the sum
 * between two readings. Without schedstat, the ticks.
 */
function cpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    if (SCHEDSTAT) {
      let ns = 0;
      for (const tid of readdirSync(`/proc/${pid}/task`)) ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      return ns / 1e6;
    }
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime, stime (fields 14 and 15 of stat)
  } catch {
    return undefined;
  }
}
/**
 * Runs autocannon and measures the server's CPU time per answered request (µs), robust to a busy machine, and
 * the load generator's (autocannon runs in this process): both share the machine's two cores.
 */
async function cannon(opts: Parameters<typeof autocannon>[0]): Promise<{ result: Result; cpuUs?: number; loadUs: number }> {
  const pid = pids.get(new URL(String(opts.url)).origin);
  const before = cpuMs(pid);
  const load = process.cpuUsage();
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts });
  const loadUsed = process.cpuUsage(load);
  const after = cpuMs(pid);
  const answered = result.requests.total;
  return {
    result,
    cpuUs: before !== undefined && after !== undefined && answered > 0 ? ((after - before) * 1000) / answered : undefined,
    loadUs: (loadUsed.user + loadUsed.system) / Math.max(1, answered),
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Starts a child and resolves once its stdout shows `ready`; the rest of its output (request logs) is drained. */
function start(args: string[], env: Record<string, string>, ready: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    // Under --layers, V8 also writes a code log per process to its working directory: the bench's temporary one.
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'], ...(LAYERS && { cwd: root }) });
    children.push(child);
    let seen = '';
    const onData = (b: Buffer) => {
      seen += b.toString();
      if (seen.includes(ready)) {
        child.stdout!.off('data', onData);
        child.stdout!.resume(); // keep draining: a full pipe would stall the server's logger
        resolve(child);
      } else if (seen.length > 1e6) seen = seen.slice(-1000);
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${args[0]} exited with ${code}`)));
  });
}

async function server(logLevel: string, env: Record<string, string> = {}, main = dist('../apps/records/main.js')) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(root, 'data-'));
  const nodeArgs = [...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean), ...PERF_NODE_ARGS];
  const child = await start(
    [...nodeArgs, main],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      ARBITRA_DATA_DIR: dataDir,
      ARBITRA_JWT_SECRET: SECRET,
      ARBITRA_LOG_LEVEL: logLevel,
      // The rate limiter still runs on every request (its hooks and headers are part of the cost) with a budget
      // the bench does not reach: with the defaults, most measured requests were 429s.
      ARBITRA_RATE_LIMIT_PER_IP: String(RATE_BUDGET),
      ARBITRA_RATE_LIMIT_PER_TOKEN: String(RATE_BUDGET),
      ...env,
    },
    'listening on',
  );
  pids.set(`http://127.0.0.1:${port}`, child.pid!);
  return `http://127.0.0.1:${port}`;
}

const admin = `Bearer ${new TokenService(SECRET).issue({ sub: 'bench-admin', role: 'admin', tournaments: [] })}`;
let lastPosition = 0;
async function post(base: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const r = await fetch(base + path, {
    method: 'POST',
    headers: { authorization: admin, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = (await r.json()) as { position: number; events: Array<{ data: { games: Array<{ table: number }> } }> };
  if (r.status !== 201) throw new Error(`POST ${path} → ${r.status} ${JSON.stringify(json)}`);
  lastPosition = Math.max(lastPosition, json.position);
  return json;
}

/** A 100-player Scrabble tournament over 7 rounds, through HTTP (its standings are about 17 KB). */
async function tournament(base: string, id = T) {
  let last = 0;
  const send = async (path: string, body: unknown) => {
    const answer = await post(base, path, body);
    last = Math.max(last, answer.position);
    return answer;
  };
  await send('/v1/tournaments', { id, name: 'Bench Open', discipline: 'scrabble', roundsPlanned: ROUNDS, pairingSystems: ['australian-draw'] });
  for (let i = 0; i < PLAYERS; i++) await send(`/v1/tournaments/${id}/players`, { id: `p${i}`, name: `Player ${i}`, rating: 2000 - i });
  for (let round = 1; round <= ROUNDS; round++) {
    const paired = await send(`/v1/tournaments/${id}/rounds/${round}/pairings`, { kind: 'system', system: 'australian-draw' });
    await send(`/v1/tournaments/${id}/rounds/${round}/publish`, {});
    for (const g of paired.events[0].data.games) {
      const first = 350 + ((g.table * 37 + round * 11) % 120);
      await send(`/v1/tournaments/${id}/rounds/${round}/results`, {
        table: g.table,
        result: { kind: 'played', outcome: first > 400 ? 'first' : first < 400 ? 'second' : 'draw', score: { first, second: 400 } },
      });
    }
  }
  const read = async (path: string) => {
    const r = await fetch(`${base}${path}?waitFor=${last}`);
    if (r.status !== 200) throw new Error(`GET ${path} → ${r.status}`);
    return r.text();
  };
  return { standings: await read(`/v1/tournaments/${id}/standings`), summary: await read(`/v1/tournaments/${id}`) };
}

/**
 * Issue 34's memory figure: the server's resident memory (VmRSS, /proc) after 50 tournaments of 100 players over 7
 * rounds through HTTP (10 run at a time), once each one's standings and tournament documents are read back.
 */
async function rssAfterTournaments(base: string): Promise<number | undefined> {
  await parallel(
    Array.from({ length: 50 }, (_, i) => `mem-${i}`),
    10,
    (id) => tournament(base, id),
  );
  const pid = pids.get(base);
  const kb = pid === undefined ? undefined : /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return kb === undefined ? undefined : Number(kb) / 1024;
}

type Measured = Result & { cpuUs?: number; loadUs: number };
async function measure(label: string, opts: Parameters<typeof autocannon>[0]): Promise<Measured> {
  const { result, cpuUs, loadUs } = await cannon(opts);
  const bad = result.non2xx + result.errors;
  process.stdout.write(
    `${label.padEnd(58)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms` +
      `${cpuUs !== undefined ? `   server CPU ${cpuUs.toFixed(0).padStart(4)} µs/req` : ''}${bad ? `   (${bad} non-2xx/errors: ${JSON.stringify(result.statusCodeStats ?? {})})` : ''}\n`,
  );
  return Object.assign(result, { cpuUs, loadUs });
}
const ratio = (a: Result, b: Result) => (a.requests.average / b.requests.average).toFixed(2);
const PAIRED_ROUNDS = Number(args.get('rounds') ?? 5);
/** --layers: each floor command's measured rounds recorded with `perf` and the CPU shown by layer (bench/support/layers.ts). */
const LAYERS = args.has('layers');
if (LAYERS && !perfAvailable()) throw new Error('--layers needs Linux perf, allowed to record other processes (perf_event_paranoid ≤ 2 as root)');
/** JavaScript frames named in perf's samples (a map file per process in /tmp). */
const PERF_NODE_ARGS = LAYERS ? ['--perf-basic-prof'] : [];

/**
 * The same pair measured in PAIRED_ROUNDS interleaved rounds of DURATION / PAIRED_ROUNDS seconds each (bare, Arbitra and
 * the compared build's same route if given, each round starting one place later): on a shared machine the load drifts
 * between two long runs; the median of the per-round ratios does not.
 */
async function interleaved(
  label: string,
  bareOpts: Parameters<typeof autocannon>[0],
  arbitraOpts: Parameters<typeof autocannon>[0],
  comparedOpts?: Parameters<typeof autocannon>[0],
) {
  const duration = Math.max(1, Math.round(DURATION / PAIRED_ROUNDS));
  const ratios: number[] = [];
  const cpuRatios: number[] = [];
  const rates: Array<[number, number]> = [];
  const compared = { ratios: [] as number[], cpuRatios: [] as number[] };
  type Measurement = Awaited<ReturnType<typeof cannon>>;
  const targets = [bareOpts, arbitraOpts, ...(comparedOpts ? [comparedOpts] : [])];
  for (let i = 0; i < PAIRED_ROUNDS; i++) {
    const measured = new Map<Parameters<typeof autocannon>[0], Measurement>();
    for (const opts of rotated(targets, i)) measured.set(opts, await cannon({ duration, ...opts }));
    const bare = measured.get(bareOpts)!;
    const ours = measured.get(arbitraOpts)!;
    if (ours.result.non2xx + ours.result.errors > 0) throw new Error(`${label}: ${ours.result.non2xx + ours.result.errors} non-2xx/errors`);
    ratios.push(ours.result.requests.average / bare.result.requests.average);
    if (bare.cpuUs && ours.cpuUs) cpuRatios.push(bare.cpuUs / ours.cpuUs);
    rates.push([bare.result.requests.average, ours.result.requests.average]);
    if (!comparedOpts) continue;
    const other = measured.get(comparedOpts)!;
    if (other.result.non2xx + other.result.errors > 0) throw new Error(`${label}, compared build: ${other.result.non2xx + other.result.errors} non-2xx/errors`);
    compared.ratios.push(other.result.requests.average / bare.result.requests.average);
    if (bare.cpuUs && other.cpuUs) compared.cpuRatios.push(bare.cpuUs / other.cpuUs);
  }
  const r = median(ratios);
  const cpu = cpuRatios.length ? median(cpuRatios) : undefined;
  const list = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(' ');
  process.stdout.write(
    `${`${label}, ${PAIRED_ROUNDS} interleaved rounds`.padEnd(58)} median ${r.toFixed(2)}×  (per round: ${list(ratios)}; ` +
      `req/s bare/Arbitra ${rates.map(([a, b]) => `${a.toFixed(0)}/${b.toFixed(0)}`).join(' ')})` +
      `${cpu !== undefined ? `; server CPU per request, bare ÷ Arbitra: median ${cpu.toFixed(2)}× (${list(cpuRatios)})` : ''}\n` +
      (comparedOpts
        ? `${'  the compared build, same rounds'.padEnd(58)} median ${median(compared.ratios).toFixed(2)}×  (per round: ${list(compared.ratios)})` +
          `${compared.cpuRatios.length ? `; server CPU per request, bare ÷ compared: median ${median(compared.cpuRatios).toFixed(2)}× (${list(compared.cpuRatios)})` : ''}\n`
        : ''),
  );
  return {
    throughput: r,
    cpu,
    compared: comparedOpts ? { throughput: median(compared.ratios), cpu: compared.cpuRatios.length ? median(compared.cpuRatios) : undefined } : undefined,
  };
}

/** The store alone: WRITERS concurrent single-event appenders on distinct streams, same durability, for DURATION seconds. */
async function storeAppends(): Promise<{ rate: number; p50: number; p99: number; cpuUs: number }> {
  const store = new SqliteEventStore({ path: join(root, 'store-only.db'), synchronous: 'FULL' });
  const latencies: number[] = [];
  const until = performance.now() + DURATION * 1000;
  const t = performance.now();
  const cpu = process.cpuUsage();
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, w) => {
      for (let i = 0; performance.now() < until; i++) {
        const s = performance.now();
        await store.append(`w-${w}`, [benchEvent(i)], i === 0 ? 'no-stream' : i - 1);
        latencies.push(performance.now() - s);
      }
    }),
  );
  const ms = performance.now() - t;
  const used = process.cpuUsage(cpu);
  await store.close();
  latencies.sort((a, b) => a - b);
  return {
    rate: (latencies.length / ms) * 1000,
    p50: latencies[Math.floor(latencies.length / 2)],
    p99: latencies[Math.floor(latencies.length * 0.99)],
    cpuUs: (used.user + used.system) / latencies.length,
  };
}

/** Runs `fn` on every item, `width` at a time (setup through HTTP, not measured). */
async function parallel<T>(items: T[], width: number, fn: (item: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

/** One command as a request: its path and body. */
type Sent = { path: string; body: unknown };
/**
 * A command bench:http compares with the floor: `prepare` readies Arbitra (`base`) for `total` of them under names
 * starting with `prefix` (the floor needs nothing readied) and returns the n-th command. A game's commands depend on
 * the one before: its streams number a multiple of 50, so that one connection of `closedLoop` sends all of a game's.
 */
interface FloorCommand {
  readonly name: string;
  prepare(base: string | null, prefix: string, total: number): Promise<(n: number) => Sent>;
}
const TWO = [
  { id: 'ann', name: 'Ann' },
  { id: 'bob', name: 'Bob' },
];
const FOUR = [...TWO, { id: 'cy', name: 'Cy' }, { id: 'di', name: 'Di' }];
const SPREAD = 200;
/** A number of games, rounded up to a multiple of 50 (see FloorCommand). */
const games = (n: number) => Math.ceil(Math.max(SPREAD, n) / 50) * 50;
const GO_COLUMNS = 'ABCDEFGHJKLMNOPQRST';
const SCRABBLE_COLUMNS = 'ABCDEFGHIJKLMNO';
const FLOOR_COMMANDS: FloorCommand[] = [
  {
    name: 'registration',
    async prepare(base, prefix) {
      const ids = Array.from({ length: WRITERS }, (_, i) => `${prefix}t${i}`);
      if (base) await parallel(ids, 8, (id) => post(base, '/v1/tournaments', { id, name: id, discipline: 'scrabble', pairingSystems: ['random'] }));
      return (n) => ({ path: `/v1/tournaments/${ids[n % WRITERS]}/players`, body: { id: `p${n}`, name: `Player ${n}`, rating: 1500 } });
    },
  },
  {
    // 100-player Scrabble tournaments with round 1 paired and published: 50 tables each, one result per table.
    name: 'result',
    async prepare(base, prefix, total) {
      const count = Math.ceil(total / 50);
      const ids = Array.from({ length: count }, (_, i) => `${prefix}r${i}`);
      if (base)
        await parallel(ids, 8, async (id) => {
          await post(base, '/v1/tournaments', { id, name: id, discipline: 'scrabble', pairingSystems: ['australian-draw'] });
          for (let p = 0; p < 100; p++) await post(base, `/v1/tournaments/${id}/players`, { id: `p${p}`, name: `Player ${p}`, rating: 2000 - p });
          await post(base, `/v1/tournaments/${id}/rounds/1/pairings`, { kind: 'system', system: 'australian-draw' });
          await post(base, `/v1/tournaments/${id}/rounds/1/publish`, {});
        });
      return (n) => {
        const first = 350 + ((n * 37) % 120);
        return {
          path: `/v1/tournaments/${ids[n % count]}/rounds/1/results`,
          body: {
            table: Math.floor(n / count) + 1,
            result: { kind: 'played', outcome: first > 400 ? 'first' : first < 400 ? 'second' : 'draw', score: { first, second: 400 } },
          },
        };
      };
    },
  },
  {
    // Score-only games: the first play covers the centre, then single tiles beside it, 12 plays before a rack is empty.
    // Each announces the score the board gives it (a wrong one is a second event, ScoreMismatchFlagged, on every play).
    name: 'Scrabble move',
    async prepare(base, prefix, total) {
      const count = games(total / 12);
      const ids = Array.from({ length: count }, (_, i) => `${prefix}s${i}`);
      if (base)
        await parallel(ids, 8, async (id) => {
          await post(base, '/v1/scrabble/games', { id, players: TWO, starter: 0, clockSide: 'right', clockSideChosenBy: 1, tilesCounted: 100 });
          await post(base, `/v1/scrabble/games/${id}/draws`, { seat: 0, count: 7 });
          await post(base, `/v1/scrabble/games/${id}/draws`, { seat: 1, count: 7 });
        });
      const moves = Array.from({ length: 12 }, (_, k) =>
        k === 0 ? { kind: 'play', coordinate: '8G', word: 'AA' } : { kind: 'play', coordinate: `${k < 7 ? 9 : 7}${SCRABBLE_COLUMNS[5 + (k % 6)]}`, word: 'E' },
      );
      let board: readonly string[] = emptyBoard();
      const scores = moves.map((m) => {
        const placements = placementsFromWord(board, m.coordinate, m.word);
        const score = analysePlay(board, placements).score;
        board = placeOnBoard(board, placements);
        return score;
      });
      return (n) => {
        const k = Math.floor(n / count);
        return { path: `/v1/scrabble/games/${ids[n % count]}/moves`, body: { seat: k % 2, move: moves[k], announcedScore: scores[k] } };
      };
    },
  },
  {
    // 19×19 games: Black fills the lower half row by row, White the upper; no stone is ever captured (342 moves).
    name: 'Go move',
    async prepare(base, prefix, total) {
      const count = games(total / 340);
      const ids = Array.from({ length: count }, (_, i) => `${prefix}g${i}`);
      if (base) await parallel(ids, 8, (id) => post(base, '/v1/go/games', { id, players: TWO, boardSize: 19 }));
      return (n) => {
        const k = Math.floor(n / count);
        const seat = k % 2;
        const i = k >> 1;
        return {
          path: `/v1/go/games/${ids[n % count]}/moves`,
          body: { seat, point: `${GO_COLUMNS[i % 19]}${seat === 0 ? 1 + Math.floor(i / 19) : 19 - Math.floor(i / 19)}` },
        };
      };
    },
  },
  {
    // Each table's first hand, a self-drawn win of two elements, after its seat draw.
    name: 'mahjong hand',
    async prepare(base, prefix, total) {
      const ids = Array.from({ length: total }, (_, i) => `${prefix}m${i}`);
      if (base)
        await parallel(ids, 8, async (id) => {
          await post(base, '/v1/mahjong/games', { id, players: FOUR });
          await post(base, `/v1/mahjong/games/${id}/seat-draws`, { round: 1, winds: ['E', 'S', 'W', 'N'] });
        });
      return (n) => ({
        path: `/v1/mahjong/games/${ids[n]}/hands`,
        body: { hand: 1, outcome: { kind: 'win', winner: 0, by: 'self-draw', elements: ['1.1', '1.2'] } },
      });
    },
  },
];
const FLOOR_ROUNDS = Number(args.get('floor-rounds') ?? 3);
// A multiple of 50, so that every connection sends as many (see closedLoop).
const FLOOR_AMOUNT = Math.ceil(Number(args.get('amount') ?? 800) / 50) * 50;
/**
 * Commands each server takes before the measured rounds, not measured: the first requests of a route compile its code
 * (V8's JIT), a cost a server pays once, not per command. After 400 commands the JIT still took a fifth of both servers'
 * CPU in the measured rounds (--layers), after 3,000 under a tenth. A multiple of 50, as FLOOR_AMOUNT.
 */
const FLOOR_WARMUP = Math.ceil(Number(args.get('warmup') ?? 2000) / 50) * 50;
type FloorRatio = { line: string };

/**
 * `connections` keep-alive connections, each sending its share of `amount` commands one after another: connection w
 * sends `make(from + w)`, `make(from + w + connections)`, … (autocannon hands the next request to whichever
 * connection is free, so two commands to one game could overtake each other). Server CPU per command from /proc.
 */
async function closedLoop(url: string, connections: number, amount: number, from: number, make: (n: number) => Sent) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const { hostname, port } = new URL(url);
  const latencies: number[] = [];
  const codes = new Map<number, number>();
  const send = (sent: Sent) =>
    new Promise<number>((resolve, reject) => {
      const body = JSON.stringify(sent.body);
      const req = httpRequest(
        {
          agent,
          hostname,
          port,
          method: 'POST',
          path: sent.path,
          headers: { authorization: admin, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const pid = pids.get(new URL(url).origin);
  const before = cpuMs(pid);
  await Promise.all(
    Array.from({ length: connections }, async (_, w) => {
      for (let n = from + w; n < from + amount; n += connections) {
        const t = performance.now();
        const code = await send(make(n));
        latencies.push(performance.now() - t);
        codes.set(code, (codes.get(code) ?? 0) + 1);
      }
    }),
  );
  const after = cpuMs(pid);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    cpuUs: before !== undefined && after !== undefined ? ((after - before) * 1000) / amount : undefined,
    p50: Math.round(latencies[Math.floor(latencies.length / 2)]),
    p99: Math.round(latencies[Math.floor(latencies.length * 0.99)]),
    refused: [...codes].filter(([c]) => c !== 201),
  };
}

/** The floor endpoint, with Arbitra's per-request duties when `duties` (FLOOR_DUTIES=1); its origin. */
async function floorEndpoint(duties: boolean): Promise<string> {
  const port = await freePort();
  const nodeArgs = [...(process.env.BENCH_FLOOR_NODE_ARGS ?? '').split(' ').filter(Boolean), ...PERF_NODE_ARGS];
  // start() drains the child's stdout, where the duties' request log writes a line per command.
  const child = await start(
    [...nodeArgs, dist('./floor-endpoint.child.js'), String(port), mkdtempSync(join(root, 'floor-')), SECRET],
    duties ? { FLOOR_DUTIES: '1' } : {},
    'ready',
  );
  const origin = `http://127.0.0.1:${port}`;
  pids.set(origin, child.pid!);
  return origin;
}

/** The floor endpoint doing Arbitra's per-request duties too (FLOOR_DUTIES=1): the label of its column. */
const DUTIES = 'floor+duties';
/** The layer whose µs the ceiling line adds to the floor with duties (bench/support/layers.ts). */
const PROJECTIONS = 'projections (read models)';

/**
 * Each command of FLOOR_COMMANDS at 10 and WRITERS connections: the floor endpoint, Arbitra, the floor endpoint with
 * Arbitra's per-request duties (DUTIES) and, with `--compare=<main.js of another build>`, that build too, in
 * FLOOR_ROUNDS interleaved rounds of FLOOR_AMOUNT commands (closedLoop), each round starting one server later; each CPU
 * per command ÷ the floor's (and Arbitra's ÷ DUTIES's) in the same round, the median over the rounds.
 */
async function floorCommands(arbitra: string): Promise<FloorRatio[]> {
  const floor = await floorEndpoint(false);
  const withDuties = await floorEndpoint(true);
  const compare = args.get('compare');
  const targets: Array<{ label: string; base: string | null; url: string }> = [
    { label: 'floor', base: null, url: floor },
    { label: 'Arbitra', base: arbitra, url: arbitra },
    { label: DUTIES, base: null, url: withDuties },
  ];
  if (compare) {
    const other = await server('info', {}, compare);
    targets.push({ label: 'compared', base: other, url: other });
  }
  const only = args.get('commands')?.split(',');
  const connectionCounts = [10, WRITERS];
  const total = FLOOR_WARMUP + FLOOR_ROUNDS * connectionCounts.length * FLOOR_AMOUNT;
  const out: FloorRatio[] = [];
  for (const command of FLOOR_COMMANDS.filter((c) => !only || only.includes(c.name.split(' ')[0].toLowerCase()))) {
    const made = await Promise.all(targets.map((t) => command.prepare(t.base, `${t.label[0]}-`, total)));
    const sent = targets.map(() => 0);
    for (const [i, t] of targets.entries()) {
      const m = await closedLoop(t.url, connectionCounts[0], FLOOR_WARMUP, sent[i], made[i]);
      if (m.refused.length) throw new Error(`${command.name} on ${t.label} (warm-up): answers other than 201 ${JSON.stringify(m.refused)}`);
      sent[i] += FLOOR_WARMUP;
    }
    const targetPids = targets.map((t) => pids.get(new URL(t.url).origin)!);
    const recording = LAYERS ? recordLayers(targetPids, join(root, `perf-${command.name.replace(/\W+/g, '-')}.data`)) : undefined;
    const allCpu: number[][] = targets.map(() => []);
    for (const connections of connectionCounts) {
      const cpu: number[][] = targets.map(() => []);
      const p50: number[][] = targets.map(() => []);
      const p99: number[][] = targets.map(() => []);
      for (let round = 0; round < FLOOR_ROUNDS; round++)
        for (const [i, t] of rotated([...targets.entries()], round)) {
          const m = await closedLoop(t.url, connections, FLOOR_AMOUNT, sent[i], made[i]);
          sent[i] += FLOOR_AMOUNT;
          if (m.refused.length) throw new Error(`${command.name} on ${t.label}: answers other than 201 ${JSON.stringify(m.refused)}`);
          if (m.cpuUs !== undefined) cpu[i].push(m.cpuUs);
          if (m.cpuUs !== undefined) allCpu[i].push(m.cpuUs);
          p50[i].push(m.p50);
          p99[i].push(m.p99);
        }
      // Target i's CPU per command ÷ target j's, round by round: the median (lowest…highest).
      const ratioTo = (i: number, j: number) => {
        const ratios = cpu[i].map((x, r) => x / cpu[j][r]);
        return [`${median(ratios).toFixed(2)}×`, `${Math.min(...ratios).toFixed(2)}…${Math.max(...ratios).toFixed(2)}`];
      };
      const d = targets.findIndex((t) => t.label === DUTIES);
      const parts = targets.slice(1).map((t, j) => {
        const [r, spread] = ratioTo(j + 1, 0);
        const [rd, spreadD] = ratioTo(j + 1, d);
        const toDuties = j + 1 === d ? '' : `, ÷ ${DUTIES} ${rd} (${spreadD})`;
        return `${t.label} ${median(cpu[j + 1]).toFixed(0)} µs ${r} (${spread}; ${median(p50[j + 1])} / ${median(p99[j + 1])} ms)${toDuties}`;
      });
      const line = `${command.name.padEnd(13)} ${String(connections).padStart(2)} conn: floor ${median(cpu[0]).toFixed(0)} µs (${median(p50[0])} / ${median(p99[0])} ms); ${parts.join('; ')}`;
      process.stdout.write(`${line}\n`);
      out.push({ line });
    }
    if (recording) {
      const layers = await recording.stop();
      const table = layerTable(command.name, targets, targetPids, allCpu, layers);
      // The ceiling for a build that keeps the duties and the read models: what the floor with the duties costs, plus
      // what Arbitra's projections cost today, over the floor (means of all measured rounds, as the table's µs).
      const mean = allCpu.map((xs) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length));
      const d = targets.findIndex((t) => t.label === DUTIES);
      const projections = (layers.get(targetPids[1])?.shares.get(PROJECTIONS) ?? 0) * mean[1];
      table.push({
        line:
          `${command.name}: ceiling for a build that keeps the duties and the read models: (${DUTIES} ${mean[d].toFixed(0)} µs + ` +
          `Arbitra's projections layer ${projections.toFixed(0)} µs) ÷ floor ${mean[0].toFixed(0)} µs = ${((mean[d] + projections) / mean[0]).toFixed(2)}×`,
      });
      for (const { line } of table) process.stdout.write(`${line}\n`);
      out.push(...table);
    }
  }
  return out;
}

/**
 * A command's CPU by layer, per server: each layer's share of the perf samples over all its measured rounds, and that
 * share of the server's mean CPU per command over the same rounds (µs).
 */
function layerTable(
  command: string,
  targets: ReadonlyArray<{ label: string }>,
  targetPids: readonly number[],
  cpu: number[][],
  layers: Awaited<ReturnType<ReturnType<typeof recordLayers>['stop']>>,
): FloorRatio[] {
  const mean = cpu.map((xs) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length));
  const names = [...new Set(targetPids.flatMap((pid) => [...(layers.get(pid)?.shares.keys() ?? [])]))];
  const arbitraShares = layers.get(targetPids[1])?.shares;
  names.sort((a, b) => (arbitraShares?.get(b) ?? 0) - (arbitraShares?.get(a) ?? 0));
  const cell = (i: number, name: string) => {
    const share = layers.get(targetPids[i])?.shares.get(name);
    return share === undefined ? '—'.padStart(15) : `${(share * 100).toFixed(1).padStart(5)} % ${(share * mean[i]).toFixed(0).padStart(4)} µs`;
  };
  const header = `  ${'layer'.padEnd(44)}${targets.map((t) => t.label.padStart(17)).join('')}`;
  const samples = targetPids.map((pid) => layers.get(pid)?.samples ?? 0).join(' / ');
  return [
    { line: `layers of ${command}: perf samples over its measured rounds (${samples}), share and µs of mean CPU per command` },
    { line: header },
    ...names.map((name) => ({ line: `  ${name.padEnd(44)}${targets.map((_, i) => `  ${cell(i, name)}`).join('')}` })),
    { line: `  ${'CPU per command, mean of the rounds'.padEnd(44)}${mean.map((m) => `${m.toFixed(0)} µs`.padStart(17)).join('')}` },
  ];
}

try {
  process.stdout.write(
    `bench:http — built server (synchronous=FULL, group commit, info logs) vs bare Fastify, autocannon ${DURATION} s each, ${CONNECTIONS} connections for GETs\n\n`,
  );
  const arbitra = await server('info');
  const only = args.get('only');
  let reads: Record<string, Measured> = {};
  type Variant = 'bare' | 'duties' | 'info' | 'warn' | 'free' | 'compared';
  let breakdown: Partial<Record<Variant, { cpu?: number; rate: number; cpus: number[] }>> | undefined;
  let interleavedRatios: Record<'standings' | 'summary' | 'health', Awaited<ReturnType<typeof interleaved>>> | undefined;
  if (only === undefined || only === 'reads') {
    const docs = await tournament(arbitra);
    // --compare: another build's server, given the same tournament, in the same interleaved rounds as this one.
    const compare = args.get('compare');
    const other = compare ? await server('info', {}, compare) : undefined;
    if (other) await tournament(other);
    // Its routes take as many requests as this server's sequential measurements below give this one (V8's JIT warm-up).
    if (other) for (const path of [`/v1/tournaments/${T}/standings`, `/v1/tournaments/${T}`, '/health']) await cannon({ url: `${other}${path}` });
    const standingsFile = join(root, 'standings.json');
    const summaryFile = join(root, 'summary.json');
    writeFileSync(standingsFile, docs.standings);
    writeFileSync(summaryFile, docs.summary);
    const barePort = await freePort();
    const bareChild = await start([dist('./bare-fastify.child.js'), standingsFile, String(barePort), summaryFile], {}, 'ready');
    const bare = `http://127.0.0.1:${barePort}`;
    pids.set(bare, bareChild.pid!);
    process.stdout.write(
      `standings document ${(docs.standings.length / 1024).toFixed(1)} KB, tournament document ${(docs.summary.length / 1024).toFixed(1)} KB\n\n`,
    );

    const bareStandings = await measure('bare Fastify, the same standings bytes', { url: `${bare}/standings` });
    const standings = await measure('Arbitra GET …/standings', { url: `${arbitra}/v1/tournaments/${T}/standings` });
    const bareSummary = await measure('bare Fastify, the same tournament bytes', { url: `${bare}/summary` });
    const summary = await measure('Arbitra GET /v1/tournaments/:id', { url: `${arbitra}/v1/tournaments/${T}` });
    const etag = (await fetch(`${arbitra}/v1/tournaments/${T}/standings`)).headers.get('etag') ?? '';
    const notModified = await measure('Arbitra GET …/standings, If-None-Match → 304 (counted non-2xx)', {
      url: `${arbitra}/v1/tournaments/${T}/standings`,
      headers: { 'if-none-match': etag },
    });
    const hello = await measure('bare Fastify hello', { url: `${bare}/hello` });
    const health = await measure('Arbitra GET /health (liveness)', { url: `${arbitra}/health` });
    const ready = await measure('Arbitra GET /health/ready (readiness, touches the store)', { url: `${arbitra}/health/ready` });
    reads = { bareStandings, standings, bareSummary, summary, notModified, hello, health, ready };
    const otherUrl = (path: string) => (other ? { url: `${other}${path}` } : undefined);
    interleavedRatios = {
      standings: await interleaved(
        'standings / bare Fastify',
        { url: `${bare}/standings` },
        { url: `${arbitra}/v1/tournaments/${T}/standings` },
        otherUrl(`/v1/tournaments/${T}/standings`),
      ),
      summary: await interleaved(
        'tournament / bare Fastify',
        { url: `${bare}/summary` },
        { url: `${arbitra}/v1/tournaments/${T}` },
        otherUrl(`/v1/tournaments/${T}`),
      ),
      health: await interleaved('/health / bare hello', { url: `${bare}/hello` }, { url: `${arbitra}/health` }, otherUrl('/health')),
    };
    // Where a standings GET's CPU goes: the same bytes from servers logging at warn (no request lines) and at warn
    // without the rate limiter (both limits 0: the plugin is not registered), measured in interleaved rounds with
    // bare Fastify and the server above, the median of each (a busy machine moves sequential runs apart).
    const quiet = await server('warn');
    await tournament(quiet);
    const unlimited = await server('warn', { ARBITRA_RATE_LIMIT_PER_IP: '0', ARBITRA_RATE_LIMIT_PER_TOKEN: '0' });
    await tournament(unlimited);
    // Bare Fastify doing Arbitra's per-request duties with Arbitra's code (request id, logger, rate limiter, headers).
    const dutiesPort = await freePort();
    const dutiesChild = await start([dist('./bare-fastify.child.js'), standingsFile, String(dutiesPort), summaryFile], { BARE_DUTIES: '1' }, 'ready');
    const withDuties = `http://127.0.0.1:${dutiesPort}`;
    pids.set(withDuties, dutiesChild.pid!);
    const variants: Partial<Record<Variant, string>> = {
      bare: `${bare}/standings`,
      duties: `${withDuties}/standings`,
      info: `${arbitra}/v1/tournaments/${T}/standings`,
      warn: `${quiet}/v1/tournaments/${T}/standings`,
      free: `${unlimited}/v1/tournaments/${T}/standings`,
      ...(other && { compared: `${other}/v1/tournaments/${T}/standings` }),
    };
    const samples = Object.fromEntries(Object.keys(variants).map((k) => [k, { cpu: [] as number[], rate: [] as number[] }])) as Record<
      Variant,
      { cpu: number[]; rate: number[] }
    >;
    for (let i = 0; i < PAIRED_ROUNDS; i++)
      for (const [name, url] of rotated(Object.entries(variants) as Array<[Variant, string]>, i)) {
        const m = await cannon({ url, duration: Math.max(1, Math.round(DURATION / PAIRED_ROUNDS)) });
        if (m.cpuUs !== undefined) samples[name].cpu.push(m.cpuUs);
        samples[name].rate.push(m.result.requests.average);
      }
    breakdown = Object.fromEntries(
      Object.entries(samples).map(([k, v]) => [k, { cpu: v.cpu.length ? median(v.cpu) : undefined, rate: median(v.rate), cpus: v.cpu }]),
    ) as typeof breakdown;
  }
  let commands: Measured | undefined;
  let retries: Measured | undefined;
  let barePost: Measured | undefined;
  const floorRatios: FloorRatio[] = [];
  if (only === undefined || only === 'commands') {
    // Commands: WRITERS connections registering players in their own tournaments (distinct streams).
    for (let i = 0; i < WRITERS; i++)
      await post(arbitra, '/v1/tournaments', { id: `w-${i}`, name: `Writer ${i}`, discipline: 'scrabble', pairingSystems: ['random'] });
    // autocannon resets a connection's context after each request: a global counter spreads the
    // commands over the streams (WRITERS in flight at once, each mostly on its own stream).
    const registrations = (prefix: string): NonNullable<Parameters<typeof autocannon>[0]['requests']> => {
      let sent = 0;
      return [
        {
          method: 'POST',
          setupRequest: (req) => {
            const n = sent++;
            return {
              ...req,
              path: `/v1/tournaments/w-${n % WRITERS}/players`,
              headers: { authorization: admin, 'content-type': 'application/json' },
              body: JSON.stringify({ id: `${prefix}${n}`, name: `Player ${prefix}${n}`, rating: 1500 }),
            };
          },
        },
      ];
    };
    // The HTTP ceiling for commands: bare Fastify taking the same requests (headers and JSON body, parsed) and
    // answering 201 with an Arbitra registration's answer bytes, with no work behind it.
    const answerFile = join(root, 'answer.json');
    writeFileSync(answerFile, JSON.stringify(await post(arbitra, '/v1/tournaments/w-0/players', { id: 'answer', name: 'Answer', rating: 1500 })));
    const barePort = await freePort();
    const bareChild = await start([dist('./bare-fastify.child.js'), answerFile, String(barePort), answerFile, answerFile], {}, 'ready');
    const bare = `http://127.0.0.1:${barePort}`;
    pids.set(bare, bareChild.pid!);
    const bareRequests = registrations('b').map((r) => ({
      ...r,
      setupRequest: (req: Parameters<NonNullable<typeof r.setupRequest>>[0], context: Parameters<NonNullable<typeof r.setupRequest>>[1]) => {
        const made = r.setupRequest!(req, context);
        return made && { ...made, path: made.path!.replace(/^\/v1\/tournaments\/([^/]+)\/players$/, '/commands/$1') };
      },
    }));
    barePost = await measure(`bare Fastify POST, ${WRITERS} connections (body parsed, same answer)`, {
      url: bare,
      connections: WRITERS,
      requests: bareRequests,
    });
    commands = await measure(`Arbitra HTTP commands, ${WRITERS} connections, distinct streams`, {
      url: arbitra,
      connections: WRITERS,
      requests: registrations('p'),
    });
    // One connection: a quiet server, where every command is its own commit (and fsync) and wakes the projections
    // and process managers for itself.
    await measure('  the same, 1 connection (one command per wake)', { url: arbitra, connections: 1, requests: registrations('q') });
    // The same HTTP path without a decision, an append or a projection: every request retries a command
    // already recorded (same Idempotency-Key and body), so the runner answers it from the log. The gap between
    // this and the commands above is what deciding, appending and projecting cost; this rate is the ceiling
    // that HTTP, auth and validation leave.
    for (let i = 0; i < WRITERS; i++)
      await post(arbitra, `/v1/tournaments/w-${i}/players`, { id: `retry-${i}`, name: `Retry ${i}`, rating: 1500 }, { 'idempotency-key': `bench-retry-${i}` });
    let retried = 0;
    retries = await measure(`  the same ${WRITERS} connections retrying recorded commands`, {
      url: arbitra,
      connections: WRITERS,
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => {
            const i = retried++ % WRITERS;
            return {
              ...req,
              path: `/v1/tournaments/w-${i}/players`,
              headers: { authorization: admin, 'content-type': 'application/json', 'idempotency-key': `bench-retry-${i}` },
              body: JSON.stringify({ id: `retry-${i}`, name: `Retry ${i}`, rating: 1500 }),
            };
          },
        },
      ],
    });
  }
  if (only === 'floor' || only === undefined) floorRatios.push(...(await floorCommands(arbitra)));
  if (only === 'memory') {
    const compare = args.get('compare');
    const bases: Array<[string, string]> = [['Arbitra', arbitra], ...(compare ? [['compared', await server('info', {}, compare)] as [string, string]] : [])];
    for (const [label, base] of bases) {
      const mb = await rssAfterTournaments(base);
      process.stdout.write(`${label}: RSS after 50 tournaments × 100 players × 7 rounds ${mb?.toFixed(0)} MB (issue 34: ≤ 309 MB)\n`);
    }
  }
  for (const c of children.splice(0)) c.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  const appends = only === 'floor' || only === 'memory' ? undefined : await storeAppends();
  if (appends)
    process.stdout.write(
      `${`store alone: append, ${WRITERS} concurrent writers (FULL)`.padEnd(58)} ${appends.rate.toFixed(0).padStart(7)} ap/s   p50 ${appends.p50.toFixed(1).padStart(4)} ms   p99 ${appends.p99.toFixed(1).padStart(4)} ms   CPU ${appends.cpuUs.toFixed(0).padStart(4)} µs/append\n`,
    );

  if (only === undefined || only === 'reads' || only === 'commands') process.stdout.write('\nratios (targets from issue 34: reads ≥ 0.90 bare Fastify)\n');
  const r = reads;
  if (breakdown) {
    process.stdout.write(`  standings GET / bare Fastify same bytes          ${ratio(r.standings, r.bareStandings)}×  (target ≥ 0.90)\n`);
    process.stdout.write(`  tournament GET / bare Fastify same bytes         ${ratio(r.summary, r.bareSummary)}×  (target ≥ 0.90)\n`);
    if (interleavedRatios)
      process.stdout.write(
        `  interleaved medians: standings ${interleavedRatios.standings.throughput.toFixed(2)}×, tournament ${interleavedRatios.summary.throughput.toFixed(2)}×, ` +
          `/health ${interleavedRatios.health.throughput.toFixed(2)}×\n` +
          `  server CPU per request, bare ÷ Arbitra (a busy machine moves it less): standings ${interleavedRatios.standings.cpu?.toFixed(2)}×, ` +
          `tournament ${interleavedRatios.summary.cpu?.toFixed(2)}×, /health ${interleavedRatios.health.cpu?.toFixed(2)}×\n` +
          (interleavedRatios.standings.compared
            ? `  the compared build, same rounds: standings ${interleavedRatios.standings.compared.throughput.toFixed(2)}×, ` +
              `tournament ${interleavedRatios.summary.compared?.throughput.toFixed(2)}×, /health ${interleavedRatios.health.compared?.throughput.toFixed(2)}×; ` +
              `server CPU per request, bare ÷ compared: standings ${interleavedRatios.standings.compared.cpu?.toFixed(2)}×, ` +
              `tournament ${interleavedRatios.summary.compared?.cpu?.toFixed(2)}×, /health ${interleavedRatios.health.compared?.cpu?.toFixed(2)}×\n`
            : ''),
      );
    process.stdout.write(`  standings 304 / bare Fastify 200                 ${ratio(r.notModified, r.bareStandings)}×\n`);
    process.stdout.write(`  /health / bare hello                             ${ratio(r.health, r.hello)}×  (target ≥ 0.50)\n`);
    process.stdout.write(`  /health/ready / bare hello                       ${ratio(r.ready, r.hello)}×\n`);
    process.stdout.write(
      `  standings at info / at warn logging              ${(breakdown.info!.rate / breakdown.warn!.rate).toFixed(2)}×  (request logging's cost, interleaved medians)\n`,
    );
  }
  const b = breakdown;
  if (b?.bare?.cpu !== undefined && b.duties?.cpu !== undefined && b.info?.cpu !== undefined && b.warn?.cpu !== undefined && b.free?.cpu !== undefined) {
    // Each part is a difference between two servers measured one after the other in each round: its median over the
    // rounds, and the spread, which on a shared machine is often as large as the part itself.
    const part = (more: number[], less: number[]) => {
      const d = more.map((x, i) => x - less[i]);
      return `${median(d).toFixed(0)} (${Math.min(...d).toFixed(0)}…${Math.max(...d).toFixed(0)})`;
    };
    process.stdout.write(
      `  standings, server CPU per request (µs, medians of ${PAIRED_ROUNDS} rounds): ${b.info.cpu.toFixed(0)}, bare Fastify ${b.bare.cpu.toFixed(0)}; ` +
        `the differences, median (lowest…highest round): request log ${part(b.info.cpus, b.warn.cpus)}, rate limiter ${part(b.warn.cpus, b.free.cpus)}, ` +
        `the rest (Nest's hooks, security headers, request id, routing to the stored bytes) ${part(b.free.cpus, b.bare.cpus)}\n` +
        `  bare Fastify with Arbitra's per-request duties (its request id, request log at info, rate limiter, security headers): ` +
        `${b.duties.cpu.toFixed(0)} µs; bare ÷ duties ${(b.bare.cpu / b.duties.cpu).toFixed(2)}×, duties ÷ Arbitra ${(b.duties.cpu / b.info.cpu).toFixed(2)}× ` +
        `(what Arbitra adds beyond those duties: ${part(b.info.cpus, b.duties.cpus)} µs)\n` +
        (b.compared?.cpu !== undefined
          ? `  the compared build's standings in the same rounds: ${b.compared.cpu.toFixed(0)} µs; this build ÷ compared ${(b.info.cpu / b.compared.cpu).toFixed(2)}× ` +
            `(difference ${part(b.info.cpus, b.compared.cpus)} µs)\n`
          : ''),
    );
  }
  if (commands && appends)
    process.stdout.write(
      `  HTTP commands / store appends (${WRITERS} writers)     ${(commands.requests.average / appends.rate).toFixed(2)}×  (target ≥ 0.50)\n` +
        (commands.cpuUs !== undefined
          ? `  CPU per store append ÷ CPU per HTTP command           ${(appends.cpuUs / commands.cpuUs).toFixed(2)}×  (${appends.cpuUs.toFixed(0)} µs vs ${commands.cpuUs.toFixed(0)} µs)\n`
          : '') +
        (retries
          ? `  HTTP retries answered from the log / store appends     ${(retries.requests.average / appends.rate).toFixed(2)}×  (the HTTP path's own ceiling; CPU ${retries.cpuUs?.toFixed(0)} µs/request)\n`
          : '') +
        (barePost
          ? `  bare Fastify POST / store appends                     ${(barePost.requests.average / appends.rate).toFixed(2)}×  (HTTP alone, no work: the most any command path can reach)\n` +
            `  HTTP commands / bare Fastify POST                     ${ratio(commands, barePost)}×  (server CPU ${commands.cpuUs?.toFixed(0)} vs ${barePost.cpuUs?.toFixed(0)} µs/request; ` +
            `autocannon's own ${commands.loadUs.toFixed(0)} vs ${barePost.loadUs.toFixed(0)} µs/request, on the same two cores)\n`
          : ''),
    );
  if (floorRatios.length) {
    process.stdout.write(
      `\nCPU per command ÷ the floor endpoint's (target ≤ 1.30, issue 34): median of ${FLOOR_ROUNDS} interleaved rounds of ${FLOOR_AMOUNT} commands` +
        ` each (lowest…highest round); p50 / p99 latency, medians of the rounds; then ÷ ${DUTIES}'s, the floor doing Arbitra's per-request duties\n`,
    );
    for (const f of floorRatios) process.stdout.write(`  ${f.line}\n`);
  }
} finally {
  for (const c of children) c.kill('SIGTERM');
  // The perf map files --perf-basic-prof wrote.
  if (LAYERS) for (const pid of pids.values()) rmSync(`/tmp/perf-${pid}.map`, { force: true });
  await new Promise((r) => setTimeout(r, 300));
  rmSync(root, { recursive: true, force: true });
}
