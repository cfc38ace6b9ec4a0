import { describe, expect, it } from '@jest/globals';
import type { ArgumentMetadata } from '@nestjs/common';
import { ProblemException } from './problem.js';
import { quickAccept } from './quick-accept.js';
import { RecordResultDto, RoundParams } from './tournaments/round.dto.js';
import { TournamentParams } from './tournaments/tournament-params.dto.js';
import { RegisterPlayerDto } from './tournaments/tournament-players.dto.js';
import { GameParams } from './games/game.dto.js';
import { createValidationPipe } from './validation.js';

/** What a client gets for `value`: the value taken (as JSON) or the refusal's problem. */
async function answer(quick: boolean, metadata: ArgumentMetadata, value: unknown): Promise<unknown> {
  try {
    return { taken: JSON.parse(JSON.stringify(await createValidationPipe({ quick }).transform(value, metadata))) };
  } catch (e) {
    if (e instanceof ProblemException) return { refused: e.status, code: e.code, detail: e.message, extras: e.extras };
    throw e;
  }
}

/** Values a property may be sent: good, bad in each way a rule refuses, and names NFC changes (in length too). */
const CANDIDATES: unknown[] = [
  'chan-hok-hei',
  // numbers as a path carries them (`@QueryNumber` converts them)
  '3',
  '1000',
  '1001',
  '0',
  ' 2',
  '2.5',
  '0x10',
  '1e2',
  'NaN',
  'Infinity',
  'Chan Hok Hei',
  'Zoë',
  'Zoe\u0308', // NFC composes it: 3 characters stored
  '\u0344'.repeat(100), // NFC decomposes it to 2 characters each: 200 stored
  '\u0344'.repeat(101),
  'a'.repeat(100),
  'a'.repeat(101),
  'a'.repeat(200),
  'a'.repeat(201),
  '😀'.repeat(100), // a surrogate pair counts one for @Length
  '😀'.repeat(101),
  '',
  ' ',
  '\uFE0F',
  '\u200B\u200C',
  'Ann\u0000Lee',
  'Ann \u202Eeel',
  'a b',
  'a/b',
  0,
  1,
  -1,
  1.5,
  1500,
  true,
  null,
  [],
  ['Ann'],
  {},
  'played',
  'forfeit',
  'double-forfeit',
  'mahjong-table',
  'game',
  'arbiter',
  'first',
  'second',
  'draw',
  { first: 412, second: 376 },
  { first: 412 },
  { first: '412', second: 376 },
  { first: 1, second: 2, third: 3 },
  [{ player: 'p1', points: 24 }],
  [{ player: 'p1' }],
  [{ player: 'p 1', points: 24 }],
];

/** The properties a value's objects may be sent with, known or not. */
const PROPERTIES = [
  'id',
  'name',
  'federationId',
  'club',
  'division',
  'joinsAtRound',
  'table',
  'result',
  'source',
  'kind',
  'outcome',
  'score',
  'games',
  'captured',
  'absent',
  'seats',
  'gameId',
  'first',
  'unknown',
];

/** `value` with the value at `path` replaced by `to` (or left out, when `to` is LEFT_OUT). */
const LEFT_OUT = Symbol('left out');
function replaced(value: unknown, path: readonly (string | number)[], to: unknown): unknown {
  if (path.length === 0) return to;
  const [key, ...rest] = path;
  const copy = (Array.isArray(value) ? [...(value as unknown[])] : { ...(value as object) }) as Record<string | number, unknown>;
  const next = replaced(copy[key], rest, to);
  if (next === LEFT_OUT) delete copy[key];
  else copy[key] = next;
  return copy;
}
/** Every place in `value` a client could change: each object's properties (sent or not) and each array's items. */
function places(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [];
  const keys: (string | number)[] = Array.isArray(value) ? value.map((_, i) => i) : [...new Set([...Object.keys(value), ...PROPERTIES])];
  return keys.flatMap((k) => [[...path, k], ...places((value as Record<string | number, unknown>)[k], [...path, k])]);
}

describe('the quick path takes a value only where class-validator would, and the same value (issue 34)', () => {
  const body = (metatype: ArgumentMetadata['metatype']): ArgumentMetadata => ({ type: 'body', metatype });
  const cases: Array<[string, ArgumentMetadata, unknown]> = [
    ['a registration', body(RegisterPlayerDto), { id: 'ann', name: 'Ann Lee', rating: 1500 }],
    [
      'a registration with every field',
      body(RegisterPlayerDto),
      { id: 'ann', name: 'Ann', federationId: 'HK-1', rating: 1850, club: 'Club', country: 'HKG', team: 'A', division: 'main', joinsAtRound: 3 },
    ],
    ["a tournament's path", { type: 'param', metatype: TournamentParams }, { id: 'hk-open-2026' }],
    ["a game's path", { type: 'param', metatype: GameParams }, { id: 'hk-open-2026-r1-t1' }],
    ["a round's path", { type: 'param', metatype: RoundParams }, { id: 'hk-open-2026', n: '3' }],
    ['a played result', body(RecordResultDto), { table: 1, result: { kind: 'played', outcome: 'first', score: { first: 412, second: 376 } } }],
    [
      'a forfeit from a game',
      body(RecordResultDto),
      { division: 'main', table: 2, result: { kind: 'forfeit', absent: 'second' }, source: { kind: 'game', gameId: 'g-1' } },
    ],
    ['a double forfeit', body(RecordResultDto), { table: 3, result: { kind: 'double-forfeit' }, source: { kind: 'arbiter' } }],
    [
      'a mahjong table',
      body(RecordResultDto),
      {
        table: 1,
        result: {
          kind: 'mahjong-table',
          seats: [
            { player: 'p1', points: 24 },
            { player: 'p2', points: -24 },
          ],
        },
      },
    ],
  ];
  for (const [what, metadata, base] of cases) {
    it(`${what}: each place sent as every candidate or left out is answered alike`, async () => {
      const values: unknown[] = [base, [base], 'text', null];
      for (const path of places(base)) for (const candidate of [LEFT_OUT, ...CANDIDATES]) values.push(replaced(base, path, candidate));
      for (const value of values) expect([value, await answer(true, metadata, value)]).toEqual([value, await answer(false, metadata, value)]);
      // An ordinary value does take the quick path (otherwise the comparison above proves nothing), taken as the class takes it.
      expect({ taken: quickAccept(metadata.metatype, base) }).toEqual(await answer(false, metadata, base));
    });
  }
});
