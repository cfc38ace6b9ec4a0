import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkTrf, type RoundCheck } from '../libs/domain/pairing/dutch/index.js';

/**
 * Issue 29: Arbitra's FIDE Dutch engine against bbpPairings (FIDE-endorsed, FIDE_DUTCH_2025). The committed fixtures
 * (test/fixtures/chess/dutch) are tournaments bbpPairings generated and paired: every round must come
 * out the same, pairs and colours. With BBP_PAIRINGS naming a bbpPairings executable, the whole comparison also runs on
 * fresh random tournaments from its generator (BBP_DUTCH_TOURNAMENTS of them, default 30, sizes 8–200, 5–11 rounds, with
 * forfeits, byes and withdrawals), printing the figures by class of difference.
 */
const DIR = join(process.cwd(), 'test/fixtures/chess/dutch');
const BBP = process.env.BBP_PAIRINGS;

const summary = (checks: readonly RoundCheck[]) => ({
  rounds: checks.length,
  identical: checks.filter((c) => c.identical).length,
  pairs: checks.filter((c) => c.difference === 'pairs' && !c.error).length,
  colours: checks.filter((c) => c.difference === 'colours').length,
  refused: checks.filter((c) => c.error).length,
});

describe('FIDE Dutch conformance with bbpPairings (C.04.3)', () => {
  it.each(readdirSync(DIR).filter((f) => f.endsWith('.trf')))('fixture %s: every round has the same pairs, colours and bye', (file) => {
    const checks = checkTrf(readFileSync(join(DIR, file), 'utf8'));
    expect(checks.length).toBeGreaterThanOrEqual(5);
    expect(checks.filter((c) => !c.identical).map((c) => [c.round, ...c.details])).toEqual([]);
  });

  it('B.2 M1 / C.6: when the most pairs fail C.4, a candidate with fewer pairs still pairs a moved-down player (bbp-20089.trf round 5)', () => {
    // Bracket 1 holds moved-down 8 and 13 with residents 12 and 16: two pairs (8–13, 12–16) leave 9–15, a rematch, below.
    const round5 = checkTrf(readFileSync(join(DIR, 'bbp-20089.trf'), 'utf8')).find((c) => c.round === 5);
    const pairs = (round5?.engine?.games ?? []).map((g) => [g.white, g.black].sort().join('–'));
    expect(pairs).toContain('12–8');
    expect(pairs).not.toContain('12–16');
    expect(round5?.identical).toBe(true);
  });

  it('C.7: among floaters giving the next bracket as many pairs, those pairing its higher scores (bbp-20582.trf round 6)', () => {
    // Bracket 1.5 (moved-down 11 and 17, residents 3 and 13) floats two: 17 and 3 let 17 (score 2) meet 15 below, while
    // 11 and 3 pair only 3 (score 1.5) there; C.12 inside the bracket, which 17–13 would meet better, comes after C.7.
    const round6 = checkTrf(readFileSync(join(DIR, 'bbp-20582.trf'), 'utf8')).find((c) => c.round === 6);
    const pairs = (round6?.engine?.games ?? []).map((g) => [g.white, g.black].sort().join('–'));
    expect(pairs).toEqual(expect.arrayContaining(['11–13', '15–17', '18–3']));
    expect(round6?.identical).toBe(true);
  });

  it('C.6: a pair with a higher moved-down player beats more moved-down players paired at a lower score (bbp-20190.trf round 10)', () => {
    // Bracket 4 holds moved-down 1 (8.5 points), 6 and 7 (5 each): 1–3 with 5–8 pairs the 8.5, where 6–3 with 7–5
    // pairs two moved-down players of 5 points; C.6 compares the scores paired from the highest down.
    const round10 = checkTrf(readFileSync(join(DIR, 'bbp-20190.trf'), 'utf8')).find((c) => c.round === 10);
    const pairs = (round10?.engine?.games ?? []).map((g) => [g.white, g.black].sort().join('–'));
    expect(pairs).toEqual(expect.arrayContaining(['1–3', '5–8']));
    expect(round10?.identical).toBe(true);
  });

  (BBP ? it : it.skip)(
    'random tournaments from bbpPairings’ generator: every round compared (BBP_PAIRINGS set)',
    () => {
      const count = Number(process.env.BBP_DUTCH_TOURNAMENTS ?? 30);
      const dir = mkdtempSync(join(tmpdir(), 'arbitra-dutch-'));
      const all: RoundCheck[] = [];
      const differing: string[] = [];
      for (let i = 0; i < count; i++) {
        const seed = 7000 + i;
        const config = join(dir, `c${seed}.txt`);
        const trf = join(dir, `t${seed}.trf`);
        const players = 8 + ((seed * 7919) % 193);
        const rounds = 5 + ((seed * 31) % 7);
        writeFileSync(
          config,
          `PlayersNumber=${players}\nRoundsNumber=${rounds}\nForfeitRate=${10 + (seed % 20)}\nRetiredRate=${20 + (seed % 40)}\nHalfPointByeRate=${10 + (seed % 30)}\n`,
        );
        try {
          execFileSync(BBP as string, ['--dutch', '-g', config, '-o', trf, '-s', String(seed)], { stdio: 'ignore' });
        } catch {
          continue; // the generator gave up on this seed (it says so itself); nothing to compare
        }
        const checks = checkTrf(readFileSync(trf, 'utf8'));
        all.push(...checks);
        for (const c of checks) if (!c.identical) differing.push(`seed ${seed} round ${c.round}: ${c.details.slice(0, 3).join('; ')}`);
      }
      const s = summary(all);
      console.log(
        `Dutch v bbpPairings: ${s.identical}/${s.rounds} rounds identical; pairs differ ${s.pairs}, colours only ${s.colours}, refused ${s.refused}\n${differing.join('\n')}`,
      );
      // The measured level (scripts/dutch-conformance.mjs, 2026-12-07): 8,553 of 8,553 rounds identical on 1,076 generated
      // tournaments (seeds 20000–20599 with 8–40 players, 30000–30399 with 41–100, 40000–40104 with 101–200), once the
      // search budget was raised to 100,000 steps (bbp-30398.trf: at 20,000 a remainder floating two players stopped early).
      // A regression guard, not the target: no refusal, at least 97 % identical.
      expect(s.refused).toBe(0);
      expect(s.identical / s.rounds).toBeGreaterThanOrEqual(0.97);
    },
    3_600_000,
  );
});
