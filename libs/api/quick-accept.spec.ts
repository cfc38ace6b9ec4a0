import { describe, expect, it } from '@jest/globals';
import type { ArgumentMetadata } from '@nestjs/common';
import { ProblemException } from './problem.js';
import { quickAccept } from './quick-accept.js';
import { RegisterPlayerDto, TournamentParams } from './tournaments/tournament.dto.js';
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
];

describe('the quick path takes a value only where class-validator would, and the same value (issue 34)', () => {
  const cases: Array<[string, ArgumentMetadata, Record<string, unknown>]> = [
    ['a registration', { type: 'body', metatype: RegisterPlayerDto }, { id: 'ann', name: 'Ann Lee', rating: 1500 }],
    [
      'a registration with every field',
      { type: 'body', metatype: RegisterPlayerDto },
      { id: 'ann', name: 'Ann', federationId: 'HK-1', rating: 1850, club: 'Club', country: 'HKG', team: 'A', division: 'main', joinsAtRound: 3 },
    ],
    ["a tournament's path", { type: 'param', metatype: TournamentParams }, { id: 'hk-open-2026' }],
  ];
  for (const [what, metadata, base] of cases) {
    it(`${what}: each property sent as every candidate, left out, or beside an unknown one, is answered alike`, async () => {
      const properties = [...Object.keys(base), 'federationId', 'club', 'division', 'joinsAtRound', 'unknown'];
      const values: unknown[] = [base, { ...base, unknown: 1 }, [base], 'text', null];
      for (const property of properties) {
        const { [property]: _left, ...without } = base;
        values.push(without);
        for (const candidate of CANDIDATES) values.push({ ...base, [property]: candidate });
      }
      for (const value of values) expect([value, await answer(true, metadata, value)]).toEqual([value, await answer(false, metadata, value)]);
      // An ordinary value does take the quick path (otherwise the comparison above proves nothing).
      expect(quickAccept(metadata.metatype, base)).toEqual(base);
    });
  }
});
