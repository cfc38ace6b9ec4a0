/**
 * Hands for tests, property tests and the bench: a compact builder and a seeded generator of random winning hands
 * (pure-rand through the kernel's Rng, so the same seed always gives the same hands).
 */
import { createRng, type Rng } from '../../../kernel/rng.js';
import type { ExposedSet, HandInput } from './hand-types.js';
import { COPIES, KINDS, ORPHANS, WINDS, parseTiles, tileName } from './tiles.js';

/**
 * A hand from compact text: `handOf('123m 456p 55s', '5s', { exposed: ['pung EEE', 'ckong RdRdRdRd'] })`.
 * Exposed sets are '<chow|pung|kong|ckong> <tiles>' (ckong = concealed kong). Defaults: a discard win, seat South.
 */
export function handOf(concealed: string, winningTile: string, opts: Partial<Omit<HandInput, 'exposed'>> & { exposed?: string[] } = {}): HandInput {
  const exposed: ExposedSet[] = (opts.exposed ?? []).map((text) => {
    const [kind, tiles] = text.split(' ');
    if (kind === 'ckong') return { kind: 'kong', tiles: parseTiles(tiles), concealedKong: true };
    return { kind: kind as ExposedSet['kind'], tiles: parseTiles(tiles) };
  });
  return { selfDrawn: false, seatWind: 'S', ...opts, concealed: parseTiles(concealed), exposed, winningTile };
}

function takeSet(rng: Rng, left: number[], kind: 'chow' | 'pung' | 'kong'): number {
  for (;;) {
    if (kind === 'chow') {
      const suit = rng.int(0, 2);
      const start = suit * 9 + rng.int(0, 6);
      if (left[start] > 0 && left[start + 1] > 0 && left[start + 2] > 0) {
        left[start]--;
        left[start + 1]--;
        left[start + 2]--;
        return start;
      }
    } else {
      const t = rng.int(0, KINDS - 1);
      const n = kind === 'pung' ? 3 : 4;
      if (left[t] >= n) {
        left[t] -= n;
        return t;
      }
    }
  }
}

const tilesOf = (kind: 'chow' | 'pung' | 'kong', t: number): string[] =>
  kind === 'chow' ? [tileName(t), tileName(t + 1), tileName(t + 2)] : Array.from({ length: kind === 'pung' ? 3 : 4 }, () => tileName(t));

/** One random winning hand (regular 94%, seven pairs 4%, thirteen orphans 2%) with random winning facts. */
export function randomWinningHand(rng: Rng): HandInput {
  const left = new Array<number>(KINDS).fill(COPIES);
  const concealed: string[] = [];
  const exposed: ExposedSet[] = [];
  const shape = rng.int(0, 99);
  if (shape < 2) {
    for (const t of ORPHANS) concealed.push(tileName(t));
    concealed.push(tileName(ORPHANS[rng.int(0, ORPHANS.length - 1)]));
  } else if (shape < 6) {
    let pairs = 0;
    while (pairs < 7) {
      const t = rng.int(0, KINDS - 1);
      if (left[t] < 2 || (left[t] < COPIES && rng.int(0, 9) > 0)) continue;
      left[t] -= 2;
      concealed.push(tileName(t), tileName(t));
      pairs++;
    }
  } else {
    const e = rng.int(0, 9);
    const exposedCount = e < 5 ? 0 : e < 7 ? 1 : e - 5;
    for (let s = 0; s < 4; s++) {
      const roll = rng.int(0, 9);
      const kind = roll < 5 ? 'chow' : roll < 9 || s >= exposedCount ? 'pung' : 'kong';
      const t = takeSet(rng, left, kind);
      if (s < exposedCount) exposed.push({ kind, tiles: tilesOf(kind, t), ...(kind === 'kong' && rng.int(0, 1) ? { concealedKong: true } : {}) });
      else concealed.push(...tilesOf(kind, t));
    }
    let p = rng.int(0, KINDS - 1);
    while (left[p] < 2) p = rng.int(0, KINDS - 1);
    concealed.push(tileName(p), tileName(p));
  }
  const shuffled = rng.shuffle(concealed);
  const selfDrawn = rng.int(0, 1) === 1;
  const hasKong = exposed.some((s) => s.kind === 'kong');
  return {
    concealed: shuffled,
    exposed,
    winningTile: shuffled[rng.int(0, shuffled.length - 1)],
    selfDrawn,
    seatWind: WINDS[rng.int(0, 3)],
    lastTile: rng.int(0, 19) === 0,
    robbingKong: !selfDrawn && rng.int(0, 29) === 0,
    kongReplacement: selfDrawn && hasKong && rng.int(0, 4) === 0,
  };
}

/** `count` random winning hands from a seed. */
export function randomWinningHands(seed: string, count: number): HandInput[] {
  const rng = createRng(seed);
  return Array.from({ length: count }, () => randomWinningHand(rng));
}
