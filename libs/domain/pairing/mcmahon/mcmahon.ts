import { invalid } from '../../kernel/errors.js';
import { mcmahonInitial, type McMahonBand } from '../../standings/mcmahon.js';
import { requireTwo } from '../australian-draw.js';
import { byeCandidates } from '../bye.js';
import { byRank, label, pairKey, validateRequest } from '../field.js';
import { readHistory } from '../history.js';
import type { PairingPlayer, PairingRequest, PairingResult } from '../types.js';
import { minCostPerfectMatching } from '../weighted-matching.js';
import { colourAndHandicap } from './mcmahon-colours.js';
import { pairParts, partsCost, randomTargets, weights, type McMahonEntry, type PairParts } from './mcmahon-costs.js';

const RULE = 'EGF McMahon system as OpenGotha/Pairgoth run it: McMahon score = initial score from the rank (bar, floor) + points';
const MAX_NAMED = 8;

/**
 * McMahon pairing for Go (system `mcmahon`), as the European Go Federation's McMahon system is run by
 * OpenGotha and Pairgoth: one minimum-cost perfect matching (weighted blossom, weighted-matching.ts)
 * over every pair's cost, the criteria in the EGF/OpenGotha order (mcmahon-costs.ts `weights`):
 *  1. no repeat (and no forbidden pairing) unless no pairing avoids it;
 *  2. pairs inside a McMahon-score group; draw-ups/downs as few and as small as can be (OpenGotha's
 *     concave price of a McMahon difference, mcmahon-costs.ts pairParts);
 *  3. secondary: no two players of one club / one country up to the profile's round, priced as a McMahon
 *     difference of the profile's geographyGap (OpenGotha's group gap, default 3);
 *  4. who floats: not a player drawn the same way before, then the middle of its group (OpenGotha's default);
 *  5. the group's seeding (split-and-fold by default, split-and-slip, split-and-random seeded);
 *  6. colour balance. Odd field: a phantom opponent is the bye; between 1 and 2, the bye goes to the lowest
 *     McMahon score among the players with the fewest byes (then the lowest in the seeding order) that
 *     forces no repeat another bye would avoid.
 * Handicap and colours per game: mcmahon-colours.ts.
 */
export function mcmahonPairing(request: PairingRequest): PairingResult {
  validateRequest('mcmahon', request);
  requireTwo('mcmahon', request);
  const band = request.options?.mcmahon;
  if (band === undefined)
    invalid('pairing/mcmahon-needs-band', 'McMahon pairing needs the tournament profile mcmahon (bar and floor)', RULE, 'options.mcmahon');
  const missing = request.round > 1 ? request.players.find((p) => p.score === undefined) : undefined;
  if (missing !== undefined)
    invalid(
      'pairing/mcmahon-score-missing',
      `player ${missing.id} has no score before round ${request.round}: McMahon adds it to the initial score`,
      RULE,
      'players',
    );
  const history = readHistory(request);
  const seeding = band.seeding ?? 'split-and-fold';
  const entries = scoreGroups(request.players, band);
  const explanation = [
    `McMahon round ${request.round}: ${entries.length} players; McMahon score = initial score from the rating (bar ${band.bar}, floor ${band.floor}, 100 rating points a rank) + points so far`,
    ...groupLines(entries),
  ];

  // Odd field: a phantom opponent stands for the bye (bye.ts: never a second bye while another player can take one).
  const candidates = new Set(byeCandidates(request.players).map((p) => p.id));
  const phantom = entries.length % 2 === 1 ? entries.length : -1;
  const size = entries.length + (phantom >= 0 ? 1 : 0);
  const pairs = size / 2;
  const target = randomTargets(entries, request.seed);
  const parts: PairParts[][] = entries.map((a) => entries.map((b) => (a === b ? ZERO : pairParts(a, b, history, band, request.round, seeding, target))));
  // The bye order: lowest McMahon score first, then the lowest in its group's seeding order.
  const byeOrder = entries
    .filter((e) => candidates.has(e.p.id))
    .sort((x, y) => x.mms - y.mms || y.place - x.place)
    .map((e) => e.p.id);
  let maxScore = 0;
  let maxRepeat = 4;
  for (const row of parts) for (const x of row) [maxScore, maxRepeat] = [Math.max(maxScore, x.score), Math.max(maxRepeat, x.repeats)];
  const w = weights(pairs, maxScore, maxRepeat, byeOrder.length);
  const never = (pairs + 1) * maxRepeat * w.repeat; // a bye to a player with more byes: dearer than any other pairing
  const dense = new Float64Array(size * size);
  for (let i = 0; i < entries.length; i++) {
    for (let j = 0; j < entries.length; j++) if (i !== j) dense[i * size + j] = partsCost(parts[i][j], w);
    if (phantom >= 0) {
      const c = candidates.has(entries[i].p.id) ? byeOrder.indexOf(entries[i].p.id) * w.bye : never;
      dense[i * size + phantom] = dense[phantom * size + i] = c;
    }
  }
  const { mate } = minCostPerfectMatching(size, (i, j) => dense[i * size + j]);

  let bye: McMahonEntry | null = null;
  const games: Array<[McMahonEntry, McMahonEntry, PairParts]> = [];
  for (let i = 0; i < entries.length; i++) {
    if (mate[i] === phantom) bye = entries[i];
    else if (mate[i] > i) games.push([entries[i], entries[mate[i]], parts[i][mate[i]]]);
  }
  if (bye !== null) {
    const others = request.players.filter((p) => p.byes > bye.p.byes).length;
    explanation.push(
      `${label(bye.p)} (MMS ${bye.mms}) gets the bye: odd field of ${entries.length}; the lowest McMahon score among the players with the fewest byes (${bye.p.byes})` +
        (others > 0 ? ` (${others} passed over: more byes)` : '') +
        ', chosen inside the same minimum-cost matching (a phantom opponent stands for the bye)' +
        (byeOrder[0] !== bye.p.id ? `; moved up from ${byeOrder[0]} only because that bye would force more repeats` : ''),
    );
  }
  explanation.push(
    `one minimum-cost matching of all ${entries.length} players (weighted blossom) with the criteria in this order: no repeat or forbidden pairing; ` +
      `the McMahon differences (draw-ups/downs as few and as small as possible, priced as OpenGotha's concavity function); ` +
      (band.avoidSameClubUntilRound !== undefined || band.avoidSameCountryUntilRound !== undefined
        ? `same club/country avoided up to a McMahon difference of ${band.geographyGap ?? 3}; `
        : '') +
      `floaters not drawn the same way before, then from the middle of their groups; seeding ${seeding} in each score group; colour balance`,
  );
  games.sort(([a, b], [c, d]) => Math.max(c.mms, d.mms) - Math.max(a.mms, b.mms) || Math.min(a.place, b.place) - Math.min(c.place, d.place));
  const repeats: Array<PairingResult['repeats'][number]> = [];
  const out = games.map(([a, b, x], t) => {
    const table = t + 1;
    const [hi, lo] = a.mms >= b.mms ? [a, b] : [b, a];
    const notes: string[] = [];
    if (hi.mms !== lo.mms)
      notes.push(
        `${label(lo.p)} drawn up ${hi.mms - lo.mms} to meet ${label(hi.p)} (drawn down): the field's McMahon differences cost the least any pairing with no more repeats allows`,
      );
    if (x.geo > 0)
      notes.push(`same club or country kept: no pairing avoids it at a lower cost (a clash is priced as a McMahon difference of ${band.geographyGap ?? 3})`);
    const k = history.metRounds.get(pairKey(a.p.id, b.p.id));
    if (k) {
      repeats.push({ a: a.p.id, b: b.p.id, why: 'rematch' });
      notes.push(`RELAXED: rematch (met in round ${k.join(', ')}): no pairing of the field has fewer repeats`);
    }
    if (history.forbidden.has(pairKey(a.p.id, b.p.id))) {
      repeats.push({ a: a.p.id, b: b.p.id, why: 'forbidden' });
      notes.push('RELAXED: a forbidden pairing: no pairing of the field avoids it');
    }
    const game = colourAndHandicap(hi, lo, table, band, request.seed);
    explanation.push(`table ${table}: ${label(hi.p)} (MMS ${hi.mms}) – ${label(lo.p)} (MMS ${lo.mms}); ${[...notes, game.why].join('; ')}`);
    return game.game;
  });
  return { system: 'mcmahon', round: request.round, games: out, tables: [], bye: bye?.p.id ?? null, repeats, explanation };
}

const ZERO: PairParts = { repeats: 0, score: 0, geo: 0, float: 0, seeding: 0, colour: 0 };

/**
 * Each player's McMahon score and place in its score group: by placement, the request's rank (OpenGotha help,
 * Pairing settings › Seeding system: "Inside a group, players are ordered according to their placement").
 */
export function scoreGroups(players: readonly PairingPlayer[], band: McMahonBand): McMahonEntry[] {
  const scored = players.map((p) => ({ p, initial: mcmahonInitial(band, p.rating), mms: mcmahonInitial(band, p.rating) + (p.score ?? 0) }));
  scored.sort((x, y) => y.mms - x.mms || byRank(x.p, y.p));
  const size = new Map<number, number>();
  for (const s of scored) size.set(s.mms, (size.get(s.mms) ?? 0) + 1);
  const seen = new Map<number, number>();
  return scored.map((s) => {
    const place = seen.get(s.mms) ?? 0;
    seen.set(s.mms, place + 1);
    return { ...s, place, groupSize: size.get(s.mms) as number };
  });
}

function groupLines(entries: readonly McMahonEntry[]): string[] {
  const lines: string[] = [];
  for (let i = 0; i < entries.length;) {
    const mms = entries[i].mms;
    const group = entries.filter((e) => e.mms === mms);
    const names = group.slice(0, MAX_NAMED).map((e) => label(e.p));
    lines.push(
      `score group ${mms}: ${names.join(', ')}${group.length > MAX_NAMED ? ` and ${group.length - MAX_NAMED} more` : ''} (${group.length} in seeding order)`,
    );
    i += group.length;
  }
  return lines;
}
