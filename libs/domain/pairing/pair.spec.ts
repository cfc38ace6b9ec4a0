import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { DomainError } from '../kernel/errors.js';
import { pair, PAIRING_SYSTEMS, type PairingRequest, type PairingSystem } from './index.js';
import { field, player, request, simulate } from './pairing-fixtures.js';

function refusal(f: () => unknown): DomainError {
  try {
    f();
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

const TWO_PLAYER: PairingSystem[] = ['australian-draw', 'king-of-the-hill', 'random'];

/** FIDE Dutch pairs from a cross-table (`record`); these generic tests give it one with no earlier rounds. */
function withRecord(system: PairingSystem, req: PairingRequest): PairingRequest {
  if (system !== 'fide-dutch') return req;
  return { ...req, record: { rows: req.players.map((p) => ({ id: p.id, tpn: p.rank, entries: [] })), plannedRounds: 9, points: { win: 1, loss: 0 } } };
}
/** What a system needs from the tournament beyond the field (McMahon: the profile's bar and floor). */
const NEEDS: Partial<Record<PairingSystem, Partial<PairingRequest>>> = { mcmahon: { round: 1, options: { mcmahon: { bar: 2100, floor: 1500 } } } };
/** Systems paired here from a fresh field in round 1 (a fixed schedule, a bracket, or scores the simulation does not give). */
const FROM_FIELD: PairingSystem[] = ['round-robin', 'knockout', 'mcmahon', 'fide-dutch'];

describe('pair(): a forbidden pairing’s reason stays with the officials', () => {
  it.each(PAIRING_SYSTEMS)('%s: no explanation or repeat quotes the reason a pair is kept apart', (system) => {
    const reason = 'restraining order, case 2026-881';
    const players = system.startsWith('mahjong') ? field(8) : field(6);
    // Pairs the systems that honour forbidden pairings must pass over, swap or relax (a bracket or a schedule is not adjusted).
    const forbidden = [
      ['p1', 'p2'],
      ['p3', 'p4'],
      ['p1', 'p3'],
      ['p1', 'p5'],
    ].map(([a, b]) => ({ a, b, reason }));
    const res = pair(system, withRecord(system, request(players, { forbidden, ...NEEDS[system] })));
    expect(JSON.stringify(res)).not.toContain('restraining');
  });
});

describe('pair(): the entry point and its refusals', () => {
  it('dispatches every system in PAIRING_SYSTEMS', () => {
    for (const system of PAIRING_SYSTEMS) expect(pair(system, withRecord(system, request(field(8), { round: 1, ...NEEDS[system] }))).system).toBe(system);
  });

  it.each(PAIRING_SYSTEMS)('refuses an empty field (pairing/empty-field): %s', (system) => {
    const e = refusal(() => pair(system, request([])));
    expect(e.type).toBe('pairing/empty-field');
    expect(e.kind).toBe('invalid');
  });

  it.each(PAIRING_SYSTEMS)('refuses a player listed twice (pairing/duplicate-player): %s', (system) => {
    const e = refusal(() => pair(system, request([player('a', 1), player('b', 2), player('a', 3), player('c', 4)])));
    expect(e.type).toBe('pairing/duplicate-player');
    expect(e.message).toMatch(/player a is listed twice/);
  });

  it('refuses a bad rank, a bad counter, a bad round and a self-forbidden pairing', () => {
    expect(refusal(() => pair('random', request([player('a', 0), player('b', 1)]))).type).toBe('pairing/invalid-rank');
    expect(refusal(() => pair('random', request([player('a', 1, { byes: -1 }), player('b', 2)]))).type).toBe('pairing/invalid-counter');
    expect(refusal(() => pair('random', request(field(2), { round: 0 }))).type).toBe('pairing/invalid-round');
    expect(refusal(() => pair('random', request(field(2), { forbidden: [{ a: 'p1', b: 'p1', reason: 'x' }] }))).type).toBe('pairing/forbidden-self');
    expect(refusal(() => pair('knockout', request(field(2), { options: { cut: 1 } }))).type).toBe('pairing/invalid-option');
  });

  it.each(TWO_PLAYER)('refuses a field of one player (pairing/field-too-small): %s', (system) => {
    expect(refusal(() => pair(system, request([player('a', 1)]))).type).toBe('pairing/field-too-small');
  });

  it('refuses an unknown system (pairing/unknown-system)', () => {
    expect(refusal(() => pair('swiss-dutch' as PairingSystem, request(field(2)))).type).toBe('pairing/unknown-system');
  });

  it('property: every player appears exactly once per round or has the bye (2-player systems)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TWO_PLAYER), fc.integer({ min: 2, max: 41 }), fc.integer({ min: 0, max: 6 }), fc.string(), (system, n, rounds, seed) => {
        const players = simulate(pair, system, n, rounds, seed);
        const res = pair(system, request(players, { round: rounds + 1, seed }));
        const seen = res.games.flatMap((g) => [g.first, g.second]).concat(res.bye ? [res.bye] : []);
        expect(seen.slice().sort()).toEqual(players.map((p) => p.id).sort());
        expect(res.bye === null).toBe(n % 2 === 0);
        expect(res.games.map((g) => g.table)).toEqual(res.games.map((_, i) => i + 1));
      }),
      { numRuns: 60 },
    );
  });

  it('property: determinism — the same request and seed give a deep-equal result, for every system', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PAIRING_SYSTEMS), fc.integer({ min: 1, max: 6 }), fc.string(), (system, size, seed) => {
        const n = system.startsWith('mahjong') ? size * 4 : size * 3 + 1;
        const players = FROM_FIELD.includes(system) ? field(n) : simulate(pair, system, n, 3, seed);
        const req = withRecord(system, request(players, { round: FROM_FIELD.includes(system) ? 1 : 4, seed, ...NEEDS[system] }));
        expect(pair(system, req)).toEqual(pair(system, structuredClone(req)));
      }),
      { numRuns: 40 },
    );
  });
});
