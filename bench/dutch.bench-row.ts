/**
 * The FIDE Dutch row of the pairing benchmark: 1,000 players, round 9. The history is 8 rounds the engine paired
 * itself with seeded results (the better seed wins more often); with BBP_PAIRINGS naming a bbpPairings executable, the
 * same history is written as a TRF-16 file and bbpPairings' own time to pair round 9 from it is printed beside
 * Arbitra's (read from the same file).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { dutchPairing, dutchPlayers, readTrf, trfCrossTable, type CrossEntry, type CrossRow } from '../libs/domain/pairing/dutch/index.js';

const N = 1000;
const ROUND = 9;

/** A seeded linear congruential generator (the bench must not depend on Math.random). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function simulated(): CrossRow[] {
  const rnd = lcg(2029);
  const entries = new Map<string, CrossEntry[]>();
  const ids = Array.from({ length: N }, (_, i) => `p${i + 1}`);
  for (const id of ids) entries.set(id, []);
  const rows = (): CrossRow[] => ids.map((id, i) => ({ id, tpn: i + 1, entries: entries.get(id) as CrossEntry[] }));
  for (let round = 1; round < ROUND; round++) {
    const res = dutchPairing({ round, totalRounds: ROUND, initialColour: 'W', players: dutchPlayers(rows(), ids, round), forbidden: [] });
    for (const g of res.games) {
      const edge = (Number(g.black.slice(1)) - Number(g.white.slice(1))) / N; // the better-seeded player wins more often
      const x = rnd() + edge * 0.5;
      const white = x > 0.6 ? 1 : x > 0.3 ? 0.5 : 0;
      (entries.get(g.white) as CrossEntry[]).push({ round, opponent: g.black, colour: 'W', played: true, points: white, pab: false });
      (entries.get(g.black) as CrossEntry[]).push({ round, opponent: g.white, colour: 'B', played: true, points: 1 - white, pab: false });
    }
    if (res.bye) (entries.get(res.bye) as CrossEntry[]).push({ round, opponent: null, colour: null, played: false, points: 1, pab: true });
  }
  return rows();
}

export function dutchBenchRow(): string[] {
  const bbp = process.env.BBP_PAIRINGS;
  const out: string[] = [];
  if (!bbp) {
    const t0 = performance.now();
    const rows = simulated();
    out.push(`fide-dutch ${N}: ${ROUND - 1} rounds of history paired by the engine in ${(performance.now() - t0).toFixed(0)} ms`);
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t1 = performance.now();
      dutchPairing({
        round: ROUND,
        totalRounds: ROUND,
        initialColour: 'W',
        players: dutchPlayers(
          rows,
          rows.map((r) => r.id),
          ROUND,
        ),
        forbidden: [],
      });
      times.push(performance.now() - t1);
    }
    out.push(`fide-dutch ${N} players, round ${ROUND}: median ${median(times).toFixed(0)} ms (BBP_PAIRINGS unset: no bbpPairings time)`);
    return out;
  }
  // The same field and history as a TRF-16 file cut after round 8 (XXR 9), for bbpPairings to pair round 9.
  const t0 = performance.now();
  const rows = simulated();
  out.push(`fide-dutch ${N}: ${ROUND - 1} rounds of history paired by the engine in ${(performance.now() - t0).toFixed(0)} ms`);
  const dir = mkdtempSync(join(tmpdir(), 'arbitra-dutch-bench-'));
  writeFileSync(join(dir, 'cut.trf'), toTrf(rows));
  const bbpTimes: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t1 = performance.now();
    execFileSync(bbp, ['--dutch', join(dir, 'cut.trf'), '-p', join(dir, 'out.txt')], { stdio: 'ignore' });
    bbpTimes.push(performance.now() - t1);
  }
  const text = readFileSync(join(dir, 'cut.trf'), 'utf8');
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t1 = performance.now();
    const file = readTrf(text);
    dutchPairing({
      round: ROUND,
      totalRounds: ROUND,
      initialColour: 'W',
      players: dutchPlayers(
        trfCrossTable(file, ROUND),
        rows.map((r) => r.id),
        ROUND,
      ),
      forbidden: [],
    });
    times.push(performance.now() - t1);
  }
  const ours = median(times);
  const theirs = median(bbpTimes);
  out.push(
    `fide-dutch ${N} players, round ${ROUND}: Arbitra median ${ours.toFixed(0)} ms, bbpPairings ${theirs.toFixed(0)} ms (its process included), ratio ${(ours / theirs).toFixed(2)}`,
  );
  return out;
}

/** A minimal TRF-16 of the cross-table (player lines: number, name, rating, points, rank, the round blocks from column 92). */
function toTrf(rows: readonly CrossRow[]): string {
  const score = (r: CrossRow): number => r.entries.reduce((s, e) => s + e.points, 0);
  const ranked = rows.slice().sort((a, b) => score(b) - score(a) || a.tpn - b.tpn);
  const rank = new Map(ranked.map((r, i) => [r.id, i + 1]));
  const tpnOf = new Map(rows.map((r) => [r.id, r.tpn]));
  const lines = rows.map((r) => {
    const head = new Array<string>(91).fill(' ');
    const put = (at: number, text: string): void => text.split('').forEach((c, i) => (head[at + i] = c));
    put(0, '001');
    put(4, String(r.tpn).padStart(4));
    put(14, `Player ${r.id}`.padEnd(33).slice(0, 33));
    put(48, String(2600 - r.tpn).padStart(4));
    put(80, score(r).toFixed(1).padStart(4));
    put(85, String(rank.get(r.id)).padStart(4));
    const blocks = r.entries.map((e) => {
      if (e.pab) return '  0000 - U';
      const result = e.points === 1 ? '1' : e.points === 0.5 ? '=' : '0';
      return `  ${String(tpnOf.get(e.opponent as string)).padStart(4)} ${e.colour === 'W' ? 'w' : 'b'} ${result}`;
    });
    return `${head.join('')}${blocks.join('').slice(2)}`;
  });
  return `${lines.join('\n')}\nXXR ${ROUND}\n`;
}

function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}
