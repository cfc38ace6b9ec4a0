import { afterAll, beforeAll, it } from '@jest/globals';
import fc from 'fast-check';
import { STEPS } from './federation-day/commands.js';
import { checkInvariants } from './federation-day/invariants.js';
import { startDay } from './federation-day/world.js';
import { RecordsHarness } from './support/records-harness.js';

/**
 * Issue 28, the stateful, scripted test driver: a federation day (a Scrabble, a rapid chess and a Go tournament at once,
 * a linked Go game and a Scrabble game with hidden racks) driven by fast-check's model-based commands through HTTP: late
 * entries, results posted and corrected, appeals, ledger penalties, Go moves and a resignation, and retries under the
 * same Idempotency-Key. After every step (test/federation-day/invariants.ts): standings equal a replay of the log, every
 * public view tells the same story, nothing hidden is public, a retried command never appends twice.
 *
 * A failure names the seed and path; ARBITRA_DAY_SEED=<seed> replays it (ARBITRA_DAY_RUNS for more runs).
 */
const SEED = Number(process.env.ARBITRA_DAY_SEED ?? Date.now() % 2 ** 31);
const RUNS = Number(process.env.ARBITRA_DAY_RUNS ?? 4);
const MAX_STEPS = 16;

let h: RecordsHarness;
beforeAll(async () => {
  h = await RecordsHarness.start();
});
afterAll(async () => {
  await h.stop();
});

it(`a federation day keeps its invariants after every step (seed ${SEED}, ${RUNS} runs of up to ${MAX_STEPS} steps)`, async () => {
  let run = 0;
  const day = fc.asyncProperty(fc.commands(STEPS, { maxCommands: MAX_STEPS, size: 'max' }), async (steps) => {
    const { model, real } = await startDay(h, `day${++run}`);
    await checkInvariants(model, real);
    await fc.asyncModelRun(() => ({ model, real }), steps);
    if (process.env.ARBITRA_DAY_LOG) process.stdout.write(`${real.run}: ${steps.toString()}\n`);
  });
  // No shrinking (each run starts a day over HTTP): the failing run's seed and path are enough to replay it.
  const details = await fc.check(day, { seed: SEED, numRuns: RUNS, endOnFailure: true });
  if (details.failed)
    throw new Error(
      `federation day failed: seed ${details.seed}, path "${details.counterexamplePath}" (replay with ARBITRA_DAY_SEED=${details.seed})\n${fc.defaultReportMessage(details)}\n${String(details.errorInstance)}`,
    );
}, 120_000);
