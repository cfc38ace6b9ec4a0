import { describe, it } from '@jest/globals';
import type { CommandContext } from '../kernel/command.js';
import { deciderSpec } from '../kernel/testing/decider-spec.js';
import { ratingsDecider } from './ratings.decider.js';

const context: CommandContext = { at: '2026-07-01T10:00:00Z', actor: { id: 'fed', role: 'admin' }, commandId: 'c1' };
const close = (closesOn: string) => ({
  type: 'ratings.close-period' as const,
  data: { discipline: 'go' as const, period: '2026-04', closesOn, tournaments: ['open-1'], engine: { name: 'egd-gor', version: 2021 } },
  context,
});

describe('ratings.close-period: closesOn is a day the calendar has', () => {
  it('refuses 2026-04-31 and 2026-02-29 naming closesOn (Date.parse rolls them over to the next month)', () => {
    for (const day of ['2026-04-31', '2026-02-29'])
      deciderSpec(ratingsDecider).given([]).when(close(day)).thenRefuses('ratings/bad-date', { field: 'closesOn' });
  });
  it('takes 2026-04-30', () => {
    deciderSpec(ratingsDecider)
      .given([])
      .when(close('2026-04-30'))
      .then([{ type: 'ratings.PeriodClosed', data: { period: '2026-04', closesOn: '2026-04-30' } }]);
  });
});
