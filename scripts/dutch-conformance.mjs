// Issue 29's conformance run at scale: tournaments from bbpPairings' own generator (-g), every round replayed through
// the Dutch checker of the build (dist/, `npm run build` first) and compared with bbpPairings' pairing and colours.
// Appends one JSON line per tournament to OUT/results.jsonl, keeps the TRF of each tournament with a difference in
// OUT/diffs, and prints the totals. Seeds whose generation bbpPairings gives up on are recorded and not compared.
//   BBP_PAIRINGS=/path/bbpPairings.exe node scripts/dutch-conformance.mjs FIRST_SEED COUNT MIN_PLAYERS MAX_PLAYERS OUT
import { execFileSync } from 'node:child_process';
import { appendFileSync, copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const { checkTrf } = await import(join(process.cwd(), 'dist/libs/domain/pairing/dutch/index.js'));
const BBP = process.env.BBP_PAIRINGS;
const [first, count, minPlayers, maxPlayers, out] = process.argv.slice(2);
if (!BBP || !out) {
  console.error('usage: BBP_PAIRINGS=… node scripts/dutch-conformance.mjs FIRST_SEED COUNT MIN_PLAYERS MAX_PLAYERS OUT');
  process.exit(2);
}
const tmp = join(out, 'tmp');
mkdirSync(join(out, 'diffs'), { recursive: true });
mkdirSync(tmp, { recursive: true });
const totals = { tournaments: 0, notGenerated: 0, rounds: 0, identical: 0, pairs: 0, colours: 0, refused: 0, bbpMs: 0, arbitraMs: 0 };

for (let seed = Number(first); seed < Number(first) + Number(count); seed++) {
  // The opt-in Jest test's mix (test/chess-dutch-conformance.spec.ts), over the size range asked for.
  const players = Number(minPlayers) + ((seed * 7919) % (Number(maxPlayers) - Number(minPlayers) + 1));
  const rounds = 5 + ((seed * 31) % 7);
  const config = join(tmp, `c${seed}.txt`);
  const trf = join(tmp, `t${seed}.trf`);
  writeFileSync(
    config,
    `PlayersNumber=${players}\nRoundsNumber=${rounds}\nForfeitRate=${10 + (seed % 20)}\nRetiredRate=${20 + (seed % 40)}\nHalfPointByeRate=${10 + (seed % 30)}\n`,
  );
  const t0 = performance.now();
  try {
    execFileSync(BBP, ['--dutch', '-g', config, '-o', trf, '-s', String(seed)], { stdio: 'ignore' });
  } catch {
    totals.notGenerated++;
    appendFileSync(join(out, 'results.jsonl'), JSON.stringify({ seed, players, rounds, generated: false }) + '\n');
    continue;
  }
  const t1 = performance.now();
  const checks = checkTrf(readFileSync(trf, 'utf8'));
  const t2 = performance.now();
  const diffs = checks
    .filter((c) => !c.identical)
    .map((c) => ({ round: c.round, difference: c.error ? 'refused' : c.difference, details: c.details.slice(0, 6) }));
  if (diffs.length > 0) copyFileSync(trf, join(out, 'diffs', `t${seed}.trf`));
  totals.tournaments++;
  totals.rounds += checks.length;
  totals.identical += checks.length - diffs.length;
  for (const d of diffs) totals[d.difference]++;
  totals.bbpMs += t1 - t0;
  totals.arbitraMs += t2 - t1;
  const line = { seed, players, rounds, identical: checks.length - diffs.length, bbpMs: Math.round(t1 - t0), arbitraMs: Math.round(t2 - t1), diffs };
  appendFileSync(join(out, 'results.jsonl'), JSON.stringify(line) + '\n');
}
const per = (ms) => (totals.tournaments ? (ms / totals.tournaments / 1000).toFixed(2) : '0');
console.log(
  `${totals.tournaments} tournaments (${totals.notGenerated} seeds not generated), ${totals.identical}/${totals.rounds} rounds identical; ` +
    `pairs differ ${totals.pairs}, colours only ${totals.colours}, refused ${totals.refused}; ` +
    `per tournament: bbpPairings ${per(totals.bbpMs)} s (generating and pairing), Arbitra ${per(totals.arbitraMs)} s (checking every round)`,
);
