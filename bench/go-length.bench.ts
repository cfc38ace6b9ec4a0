/**
 * `npm run bench:go-length`: does a Go move cost more late in a game than early (issue 34, history independence)?
 * The built records server (README defaults) plays --games=20 19×19 games in step to move --moves=320, one
 * connection per game; Black fills the lower half row by row, White the upper (no capture, the same moves every run).
 * Each server first plays as many games to the end unmeasured (the JIT's warm-up), then the measured ones. Prints the
 * server's CPU per move (from /proc, Linux) for each range of --range=40 moves and each range ÷ the first. With --compare=<another build's dist/apps/records/main.js> both
 * servers play the same moves range by range in turn, so their ratios are measured side by side in one run.
 * BENCH_SERVER_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) go to the servers' node.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TokenService } from '../libs/api/auth/token.service.js';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const GAMES = Number(args.get('games') ?? 20);
const MOVES = Number(args.get('moves') ?? 320);
const RANGE = Number(args.get('range') ?? 40);
const SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
const admin = `Bearer ${new TokenService(SECRET).issue({ sub: 'bench-admin', role: 'admin', tournaments: [] })}`;
const root = mkdtempSync(join(tmpdir(), 'arbitra-go-length-'));
const children: ChildProcess[] = [];
const TICK_MS = 1000 / Number(process.env.CLK_TCK ?? 100);
const COLUMNS = 'ABCDEFGHJKLMNOPQRST';

/** A process's CPU time so far (user + system), in ms, from /proc/<pid>/stat. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

interface Server {
  readonly label: string;
  readonly port: number;
  readonly pid: number;
  readonly agent: Agent;
}

async function server(label: string, main: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean), main], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      ARBITRA_DATA_DIR: mkdtempSync(join(root, 'data-')),
      ARBITRA_JWT_SECRET: SECRET,
      ARBITRA_LOG_LEVEL: 'info',
      ARBITRA_RATE_LIMIT_PER_IP: '1000000000',
      ARBITRA_RATE_LIMIT_PER_TOKEN: '1000000000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    const onData = (b: Buffer) => {
      seen += b.toString();
      if (!seen.includes('listening on')) return;
      child.stdout!.off('data', onData);
      child.stdout!.resume(); // keep draining the request log
      resolve();
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${main} exited with ${code}`)));
  });
  return { label, port, pid: child.pid!, agent: new Agent({ keepAlive: true, maxSockets: GAMES }) };
}

function post(s: Server, path: string, body: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    const text = JSON.stringify(body);
    const req = httpRequest(
      {
        agent: s.agent,
        hostname: '127.0.0.1',
        port: s.port,
        method: 'POST',
        path,
        headers: { authorization: admin, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
      },
      (res) => {
        let answer = '';
        res.on('data', (b: Buffer) => (answer += b.toString()));
        res.on('end', () => (res.statusCode === 201 ? resolve() : reject(new Error(`POST ${path} → ${res.statusCode} ${answer}`))));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

/** Move k (0-based) of every game: Black's i-th stone on the lower half, White's on the upper, row by row. */
function move(k: number) {
  const seat = k % 2;
  const i = k >> 1;
  return { seat, point: `${COLUMNS[i % 19]}${seat === 0 ? 1 + Math.floor(i / 19) : 19 - Math.floor(i / 19)}` };
}

/** Moves [from, to) of every game, one connection per game; the server's CPU per move in µs. */
async function play(s: Server, prefix: string, from: number, to: number): Promise<number> {
  const before = cpuMs(s.pid);
  await Promise.all(
    Array.from({ length: GAMES }, async (_, g) => {
      for (let k = from; k < to; k++) await post(s, `/v1/go/games/${prefix}${g}/moves`, move(k));
    }),
  );
  return ((cpuMs(s.pid) - before) * 1000) / (GAMES * (to - from));
}

try {
  const servers = [await server('this build', fileURLToPath(new URL('../apps/records/main.js', import.meta.url)))];
  const compare = args.get('compare');
  if (compare) servers.push(await server('compared', compare));
  const players = [
    { id: 'ann', name: 'Ann' },
    { id: 'bob', name: 'Bob' },
  ];
  for (const s of servers)
    for (const prefix of ['w', 'g']) for (let g = 0; g < GAMES; g++) await post(s, '/v1/go/games', { id: `${prefix}${g}`, players, boardSize: 19 });
  for (const s of servers) await play(s, 'w', 0, MOVES);
  const cpu = servers.map(() => [] as number[]);
  for (let from = 0; from < MOVES; from += RANGE) for (const [i, s] of servers.entries()) cpu[i].push(await play(s, 'g', from, Math.min(MOVES, from + RANGE)));
  console.log(`${GAMES} Go games (19×19) played in step to move ${MOVES} after as many unmeasured; server CPU per move, and ÷ moves 1–${RANGE}`);
  console.log(['moves'.padEnd(10), ...servers.map((s) => s.label.padStart(24))].join(''));
  for (let r = 0; r * RANGE < MOVES; r++) {
    const label = `${r * RANGE + 1}–${Math.min(MOVES, (r + 1) * RANGE)}`;
    console.log([label.padEnd(10), ...cpu.map((c) => `${c[r].toFixed(0)} µs ${(c[r] / c[0]).toFixed(2)}×`.padStart(24))].join(''));
  }
} finally {
  for (const c of children) c.kill();
  rmSync(root, { recursive: true, force: true });
}
