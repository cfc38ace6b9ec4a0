/**
 * The McMahon rows of the pairing benchmark: a Go field (ratings 2000 down by 1, bar 2000, floor 1000: ten McMahon
 * groups at 1,000 players) paired by `mcmahon` itself for the rounds before, with seeded results (the higher rating wins
 * more often), then the next round timed (median of the repetitions), side by side with the Australian draw pairing
 * the same players in the same run (the ratio is McMahon's time over the Australian draw's).
 */
import { performance } from 'node:perf_hooks';
import { pair, type PairingPlayer } from '../libs/domain/pairing/index.js';
import { field } from '../libs/domain/pairing/pairing-fixtures.js';

const BAND = { bar: 2000, floor: 1000 };

/** A seeded linear congruential generator (the bench must not depend on Math.random). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

type Mutable = { -readonly [K in keyof PairingPlayer]: PairingPlayer[K] } & { met: Array<{ opponent: string; round: number }>; score: number };

/** The players as they stand before `round`, after rounds 1..round-1 paired by McMahon. */
function history(n: number, round: number): PairingPlayer[] {
  const rnd = lcg(n * 31 + round);
  const players: Mutable[] = field(n).map((p) => ({ ...p, met: [], score: 0 }));
  const byId = new Map(players.map((p) => [p.id, p]));
  const ranked = () => {
    const sorted = players.slice().sort((a, b) => b.score - a.score || (b.rating ?? 0) - (a.rating ?? 0));
    sorted.forEach((p, i) => (p.rank = i + 1));
    return players.map((p) => ({ ...p, met: p.met.slice() }));
  };
  for (let r = 1; r < round; r++) {
    const res = pair('mcmahon', { round: r, players: ranked(), forbidden: [], seed: `mm/${n}/${r}`, options: { mcmahon: BAND } });
    for (const g of res.games) {
      const a = byId.get(g.first) as Mutable;
      const b = byId.get(g.second) as Mutable;
      a.met.push({ opponent: b.id, round: r });
      b.met.push({ opponent: a.id, round: r });
      a.firsts++;
      b.seconds++;
      const edge = ((a.rating ?? 0) - (b.rating ?? 0)) / 400;
      (rnd() < 0.5 + edge / 2 ? a : b).score++;
    }
    if (res.bye) {
      const p = byId.get(res.bye) as Mutable;
      p.byes++;
      p.score++;
    }
  }
  return ranked();
}

function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export function mcmahonBenchRows(sizes: readonly number[] = [200, 1000], round = 6): string[] {
  const out: string[] = [];
  for (const n of sizes) {
    // A 1,000-player round takes seconds: timed once there, the median of three below.
    const reps = n >= 1000 ? 1 : 3;
    const t0 = performance.now();
    const players = history(n, round);
    const built = performance.now() - t0;
    const mm: number[] = [];
    const ad: number[] = [];
    let repeats = 0;
    for (let i = 0; i < reps; i++) {
      let t = performance.now();
      repeats = pair('mcmahon', { round, players, forbidden: [], seed: `mm-bench/${i}`, options: { mcmahon: BAND } }).repeats.length;
      mm.push(performance.now() - t);
      t = performance.now();
      pair('australian-draw', { round, players, forbidden: [], seed: `ad-bench/${i}` });
      ad.push(performance.now() - t);
    }
    const [m, a] = [median(mm), median(ad)];
    out.push(
      `mcmahon ${n} players, round ${round} (history of ${round - 1} rounds built in ${built.toFixed(0)} ms): median of ${reps} ${m.toFixed(0)} ms, ` +
        `australian-draw on the same players ${a.toFixed(0)} ms, ratio ${(m / a).toFixed(2)}; ${repeats} repeat(s)`,
    );
  }
  return out;
}
