/**
 * Mahjong scorer benchmark (not a test): `npm run bench:mahjong`.
 * Scores 100,000 seeded random winning hands (libs/domain/disciplines/mahjong/scoring/fixtures.ts: regular hands with
 * 0-4 exposed sets, seven pairs, thirteen orphans, random winning facts) with the Zung Jung WMC profile on one core,
 * after a warm-up pass, and prints hands per second against the target of 20,000.
 */
import { performance } from 'node:perf_hooks';
import { ZUNG_JUNG_WMC, scoreHand } from '../libs/domain/disciplines/mahjong/scoring/index.js';
import { randomWinningHands } from '../libs/domain/disciplines/mahjong/scoring/fixtures.js';

const COUNT = 100_000;
const TARGET_PER_SECOND = 20_000;

const t0 = performance.now();
const hands = randomWinningHands('bench:mahjong', COUNT);
const generatedMs = performance.now() - t0;

const run = (): { ms: number; refused: number; checksum: number } => {
  let refused = 0;
  let checksum = 0;
  const start = performance.now();
  for (const hand of hands) {
    const r = scoreHand(hand, ZUNG_JUNG_WMC);
    if ('refused' in r) refused++;
    else checksum += r.total;
  }
  return { ms: performance.now() - start, refused, checksum };
};

run(); // warm-up
const runs = [run(), run(), run()];
const best = runs.reduce((a, b) => (b.ms < a.ms ? b : a));
const perSecond = (COUNT / best.ms) * 1000;
console.log(`node ${process.version}; ${COUNT.toLocaleString('en')} seeded random winning hands generated in ${generatedMs.toFixed(0)} ms`);
console.log(`runs (ms): ${runs.map((r) => r.ms.toFixed(0)).join(', ')}; refused ${best.refused}; sum of totals ${best.checksum}`);
console.log(
  `scoreHand: ${Math.round(perSecond).toLocaleString('en')} hands/s (best of 3), target ${TARGET_PER_SECOND.toLocaleString('en')} hands/s: ${perSecond >= TARGET_PER_SECOND ? 'met' : 'NOT met'}`,
);
if (best.refused > 0) process.exitCode = 1;
