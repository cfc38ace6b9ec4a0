import { requireTwo } from './australian-draw.js';
import { chooseBye } from './bye.js';
import { COLOUR_NOTE, toGames } from './colours.js';
import { label, pairKey, validateRequest } from './field.js';
import { readHistory, type History } from './history.js';
import type { Repeat } from './sequence-draw.js';
import type { PairingPlayer, PairingRequest, PairingResult } from './types.js';

/**
 * King of the Hill: 1 v 2, 3 v 4, … by rank.
 * WESPA seed 澳洲式瑞士制及King-of-the-Hill: 根據當時的總成績，第1名將與第2名比賽，第3名會與第4名比賽；
 * 如使用King-of-the-Hill，則不會作出調整 — so rematches are kept (and listed in `repeats` for
 * transparency). A forbidden pairing is the one adjustment made (Arbitra rule, the seed is
 * silent): the pair swaps with the next pair down (a v c, b v d; else a v d, b v c); the last
 * pair swaps with the pair above. If no swap clears it, it is kept and listed as relaxed.
 */
export function kingOfTheHill(request: PairingRequest): PairingResult {
  validateRequest('king-of-the-hill', request);
  requireTwo('king-of-the-hill', request);
  const history = readHistory(request);
  const { bye, rest, explanation: byeWhy } = chooseBye(request.players);
  const explanation = [
    `King of the Hill round ${request.round}: ${rest.length} players paired 1 v 2, 3 v 4, … by rank; no adjustment for rematches (如使用King-of-the-Hill，則不會作出調整)`,
    ...byeWhy,
  ];
  const pairs: Array<[PairingPlayer, PairingPlayer]> = [];
  for (let i = 0; i < rest.length; i += 2) pairs.push([rest[i], rest[i + 1]]);
  const isForbidden = (a: PairingPlayer, b: PairingPlayer) => history.forbidden.has(pairKey(a.id, b.id));
  for (let t = 0; t < pairs.length; t++) {
    const [a, b] = pairs[t];
    if (!isForbidden(a, b)) continue;
    const u = t + 1 < pairs.length ? t + 1 : t - 1;
    if (u < 0) continue;
    const [hi, lo] = t < u ? [t, u] : [u, t];
    const [p, q] = pairs[hi];
    const [r, s] = pairs[lo];
    const options: Array<[[PairingPlayer, PairingPlayer], [PairingPlayer, PairingPlayer]]> = [
      [
        [p, r],
        [q, s],
      ],
      [
        [p, s],
        [q, r],
      ],
    ];
    const fix = options.find(([x, y]) => !isForbidden(x[0], x[1]) && !isForbidden(y[0], y[1]));
    if (fix) {
      pairs[hi] = fix[0];
      pairs[lo] = fix[1];
      explanation.push(
        `${label(a)} v ${label(b)} is forbidden; swapped with the pair ${lo === t ? 'above' : 'below'}: ${label(fix[0][0])} v ${label(fix[0][1])}, ${label(fix[1][0])} v ${label(fix[1][1])}`,
      );
    }
  }
  const repeats = listRepeats(pairs, history);
  for (const r of repeats) {
    explanation.push(
      r.why === 'forbidden'
        ? `RELAXED: ${r.a} v ${r.b} is forbidden but no swap with a neighbouring pair clears it`
        : `${r.a} v ${r.b} is a rematch, kept as King of the Hill makes no adjustment`,
    );
  }
  explanation.push(COLOUR_NOTE);
  return { system: 'king-of-the-hill', round: request.round, games: toGames(pairs), tables: [], bye: bye?.id ?? null, repeats, explanation };
}

export function listRepeats(pairs: ReadonlyArray<readonly [PairingPlayer, PairingPlayer]>, history: History): Repeat[] {
  const out: Repeat[] = [];
  for (const [a, b] of pairs) {
    const k = pairKey(a.id, b.id);
    if (history.forbidden.has(k)) out.push({ a: a.id, b: b.id, why: 'forbidden' });
    if (history.metRounds.has(k)) out.push({ a: a.id, b: b.id, why: 'rematch' });
  }
  return out;
}
