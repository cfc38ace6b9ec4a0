import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bakuAcceleration, pairTrfRound, readTrf } from '../libs/domain/pairing/dutch/index.js';
import { TRF_POINTS } from '../libs/domain/pairing/dutch/trf-read.js';
import { initialColourOf } from '../libs/domain/pairing/dutch/check.js';

/**
 * FIDE Handbook C.04.5.1 (Baku Acceleration Method) against bbpPairings, which reads acceleration points from TRF
 * `XXA` lines: each committed fixture cut after round k, its players' Baku virtual points written as XXA lines, round
 * k+1 paired by both. Runs when BBP_PAIRINGS names a bbpPairings executable (as the Dutch conformance test does).
 */
const DIR = join(process.cwd(), 'test/fixtures/chess/dutch');
const BBP = process.env.BBP_PAIRINGS;

/** XXA lines of the Baku virtual points (GA = the first 2 × ⌈N/4⌉ starting ranks), one 4-column field a round. */
export function xxaLines(players: number, rounds: number): string[] {
  const order = Array.from({ length: players }, (_, i) => String(i + 1));
  return [...bakuAcceleration(order, rounds)].map(([tpn, points]) => `XXA ${tpn.padStart(4)} ${points.map((p) => p.toFixed(1).padStart(4)).join(' ')}`);
}

/** The file cut after round k (blocks of round k+1 kept for the players it does not pair), with XXR and XXA lines. */
function cut(text: string, k: number, rounds: number, players: number, xxc: string): string {
  const lines = text.split(/\r\n|\r|\n/).map((l) => {
    if (!l.startsWith('001')) return l;
    const next = l.slice(91 + 10 * k, 101 + 10 * k);
    const unpaired = next.trim() !== '' && next.slice(0, 4).trim().replace(/^0+$/, '') === '' && next.charAt(7) !== 'U';
    // The points column is the score after round k (bbpPairings checks it against the results).
    let points = 0;
    for (let r = 0; r < k; r++) points += TRF_POINTS[l.charAt(98 + 10 * r) || ' '] ?? 0;
    const head = `${l.slice(0, 80)}${points.toFixed(1).padStart(4)}${l.slice(84, 91)}`;
    return (head + l.slice(91, 91 + 10 * k) + (unpaired ? next : '')).trimEnd();
  });
  return [...lines.filter((l) => l.trim() !== '' && !l.startsWith('XXR')), `XXR ${rounds}`, xxc, ...xxaLines(players, rounds), ''].join('\n');
}

describe('Baku acceleration against bbpPairings (C.04.5.1)', () => {
  (BBP ? it : it.skip)(
    'every accelerated round of the fixtures is paired as bbpPairings pairs it (BBP_PAIRINGS set)',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'arbitra-baku-'));
      const differing: string[] = [];
      let compared = 0;
      let changed = 0;
      for (const name of readdirSync(DIR).filter((f) => f.endsWith('.trf'))) {
        const text = readFileSync(join(DIR, name), 'utf8');
        const base = readTrf(text);
        const rounds = base.roundsInFile;
        // The initial colour as the Dutch checker infers it from round 1 (E.5), written as XXC for both engines.
        const xxc = `XXC ${initialColourOf(base) === 'B' ? 'black1' : 'white1'}`;
        const withXxa = readTrf([text, xxc, ...xxaLines(base.players.length, rounds)].join('\n'));
        const plain = readTrf([text, xxc].join('\n'));
        // Round 1 included (k = 0); the accelerated rounds are the first ⌈R/2⌉, the one after shows the floats they left.
        for (let k = 0; k <= Math.ceil(rounds / 2) && k < rounds; k++) {
          const file = join(dir, `${name}-${k}.trf`);
          writeFileSync(file, cut(text, k, rounds, base.players.length, xxc));
          const out = `${file}.out`;
          execFileSync(BBP as string, ['--dutch', file, '-p', out]);
          const theirs = readFileSync(out, 'utf8')
            .trim()
            .split('\n')
            .slice(1)
            .map((l) => l.trim().split(/\s+/));
          const ours = pairTrfRound(withXxa, k + 1);
          const mine = [...ours.games.map((g) => [g.white, g.black]), ...(ours.bye ? [[ours.bye, '0']] : [])];
          const key = (ps: string[][]) =>
            ps
              .map((p) => p.join('-'))
              .sort()
              .join(' ');
          compared++;
          const unaccelerated = pairTrfRound(plain, k + 1);
          if (key(mine) !== key([...unaccelerated.games.map((g) => [g.white, g.black]), ...(unaccelerated.bye ? [[unaccelerated.bye, '0']] : [])])) changed++;
          if (key(mine) !== key(theirs)) differing.push(`${name} round ${k + 1}: ours ${key(mine)} | bbp ${key(theirs)}`);
        }
      }
      process.stdout.write(`Baku acceleration: ${compared - differing.length} of ${compared} rounds identical to bbpPairings (${changed} changed by it)\n`);
      expect(differing).toEqual([]);
      expect(changed).toBeGreaterThan(0);
    },
    600_000,
  );
});
