/**
 * The FIDE Dutch row of the pairing benchmark: 1,000 players, round 9. The history is 8 rounds the engine paired
 * itself with seeded results (the higher rating wins more often); with BBP_PAIRINGS naming a bbpPairings executable,
 * the field is instead a tournament its generator made, and bbpPairings' own time to pair the same round 9 (from the
 * same TRF cut after round 8) is printed beside Arbitra's.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { dutchPairing, dutchPlayers, pairTrfRound, readTrf, type CrossEntry, type CrossRow } from '../libs/domain/pairing/dutch/index.js';

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
  const dir = mkdtempSync(join(tmpdir(), 'arbitra-dutch-bench-'));
  writeFileSync(join(dir, 'gen.txt'), `PlayersNumber=${N}\nRoundsNumber=${ROUND}\n`);
  execFileSync(bbp, ['--dutch', '-g', join(dir, 'gen.txt'), '-o', join(dir, 'full.trf'), '-s', '2029'], { stdio: 'ignore' });
  const text = readFileSync(join(dir, 'full.trf'), 'utf8');
  // The same field cut after round 8 (each round is a 10-character block from column 92), for bbpPairings to pair round 9.
  const cut = text
    .split(/\r\n|\r|\n/)
    .map((l) => (l.startsWith('001') ? l.slice(0, 91 + 10 * (ROUND - 1)).trimEnd() : l))
    .join('\n');
  writeFileSync(join(dir, 'cut.trf'), `${cut}\nXXR ${ROUND}\n`);
  const bbpTimes: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    execFileSync(bbp, ['--dutch', join(dir, 'cut.trf'), '-p', join(dir, 'out.txt')], { stdio: 'ignore' });
    bbpTimes.push(performance.now() - t0);
  }
  const file = readTrf(text);
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    pairTrfRound(file, ROUND);
    times.push(performance.now() - t0);
  }
  const ours = median(times);
  const theirs = median(bbpTimes);
  out.push(
    `fide-dutch ${N} players, round ${ROUND} (bbpPairings' generator, seed 2029): Arbitra median ${ours.toFixed(0)} ms, bbpPairings ${theirs.toFixed(0)} ms (process included), ratio ${(ours / theirs).toFixed(2)}`,
  );
  return out;
}

function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}
