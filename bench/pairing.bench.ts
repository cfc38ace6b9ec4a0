/**
 * Pairing benchmark (not a test): `npm run bench:pairing`.
 * Builds fields of 100, 1,000 and 5,000 players with 20 rounds of history made by pairing 20
 * rounds with the system itself and seeded results, then times pairing round 21 (median of
 * several repetitions). Mahjong-swiss seats 400 players after 20 rounds of its own history.
 * McMahon rows (mcmahon.bench-row.ts): a Go field of 200 and 1,000 at round 6, beside the Australian draw.
 * Adversarial rows: a fresh field whose bottom 21 all met each other and whose top 3 met everyone
 * else, so the depth-first search runs out of budget and the blossom-checked completion
 * (exact-completion.ts) finishes the draw.
 */
import { performance } from 'node:perf_hooks';
import { pair, type PairingPlayer, type PairingSystem } from '../libs/domain/pairing/index.js';
import { field, simulate, withMeetings } from '../libs/domain/pairing/pairing-fixtures.js';
import { dutchBenchRow } from './dutch.bench-row.js';
import { mcmahonBenchRows } from './mcmahon.bench-row.js';

interface Row {
  system: PairingSystem;
  players: number;
  medianMs: number;
  targetMs: number | null;
  repeats: number;
}

function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function time(system: PairingSystem, players: PairingPlayer[], reps: number): { ms: number; repeats: number } {
  const times: number[] = [];
  let repeats = 0;
  for (let i = 0; i < reps; i++) {
    const t0 = performance.now();
    const res = pair(system, { round: 21, players, forbidden: [], seed: `bench/${i}` });
    times.push(performance.now() - t0);
    repeats = res.repeats.length;
  }
  return { ms: median(times), repeats };
}

const TARGETS: Partial<Record<string, number>> = { 'australian-draw/1000': 1000, 'mahjong-swiss/400': 2000 };
const rows: Row[] = [];
const setup: string[] = [];
for (const n of [100, 1000, 5000]) {
  for (const system of ['australian-draw', 'king-of-the-hill', 'random'] as const) {
    const t0 = performance.now();
    const players = simulate(pair, system, n, 20, `bench-${system}-${n}`);
    setup.push(`${system} ${n}: 20 rounds of history built in ${(performance.now() - t0).toFixed(0)} ms`);
    const reps = n >= 5000 ? 5 : 9;
    const { ms, repeats } = time(system, players, reps);
    rows.push({ system, players: n, medianMs: ms, targetMs: TARGETS[`${system}/${n}`] ?? null, repeats });
  }
}
{
  const t0 = performance.now();
  const players = simulate(pair, 'mahjong-swiss', 400, 20, 'bench-mahjong-400');
  setup.push(`mahjong-swiss 400: 20 rounds of history built in ${(performance.now() - t0).toFixed(0)} ms`);
  const { ms, repeats } = time('mahjong-swiss', players, 9);
  rows.push({ system: 'mahjong-swiss', players: 400, medianMs: ms, targetMs: TARGETS['mahjong-swiss/400'] ?? null, repeats });
}

const adversarial: string[] = [];
for (const n of [1000, 5000]) {
  const base = field(n);
  const m: Array<[string, string, number]> = [];
  for (let t = 0; t < 3; t++) for (let j = 3; j < n; j++) m.push([base[t].id, base[j].id, 1]);
  for (let i = n - 21; i < n; i++) for (let j = i + 1; j < n; j++) m.push([base[i].id, base[j].id, 1]);
  const players = withMeetings(base, m);
  const times: number[] = [];
  let note = '';
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const res = pair('australian-draw', { round: 2, players, forbidden: [], seed: `adv/${i}` });
    times.push(performance.now() - t0);
    note = `${res.repeats.length} repeat(s); ${res.explanation.some((e) => e.includes('finished exactly')) ? 'budget ran out, finished by blossom-checked completion' : 'search alone'}`;
  }
  adversarial.push(`australian-draw ${n}, bottom 21 all met + top 3 met everyone: median ${median(times).toFixed(0)} ms (${note})`);
}

console.log(`node ${process.version}, round 21 after 20 rounds of history\n`);
for (const s of setup) console.log(`  ${s}`);
console.log('');
console.log(
  ['system'.padEnd(18), 'players'.padStart(7), 'median ms'.padStart(10), 'target ms'.padStart(10), 'ratio'.padStart(7), 'repeats'.padStart(8)].join(' '),
);
for (const r of rows) {
  console.log(
    [
      r.system.padEnd(18),
      String(r.players).padStart(7),
      r.medianMs.toFixed(2).padStart(10),
      (r.targetMs === null ? '-' : String(r.targetMs)).padStart(10),
      (r.targetMs === null ? '-' : (r.medianMs / r.targetMs).toFixed(4)).padStart(7),
      String(r.repeats).padStart(8),
    ].join(' '),
  );
}
console.log('');
for (const a of adversarial) console.log(a);
console.log('');
for (const line of dutchBenchRow()) console.log(line);
console.log('');
for (const line of mcmahonBenchRows()) console.log(line);
