import { describe, expect, it } from '@jest/globals';
import { DISCIPLINES } from '../standings/index.js';
import { DEFAULT_PROFILES } from '../tournament/index.js';
import { deciderSpec } from '../kernel/testing/decider-spec.js';
import { penaltiesDecider } from './penalties.decider.js';
import { issue } from './penalties.fixtures.js';
import { AMOUNT_UNIT, PENALTY_PROFILES } from './penalty-profile.js';

describe('penalty profiles', () => {
  it.each(DISCIPLINES)('%s has a penalty profile named as its rules profile, citing a section for every kind it knows', (discipline) => {
    const profile = PENALTY_PROFILES[discipline];
    expect(profile?.name).toBe(DEFAULT_PROFILES[discipline].name);
    for (const section of Object.values(profile?.kinds ?? {})) expect(section.trim()).not.toBe('');
    // Points stay available everywhere: POST /v1/tournaments/:id/penalties deducted points in every discipline before the ledger.
    expect(profile?.kinds.points).toBeDefined();
  });

  it('an escalation records a kind the profile knows, with an amount in its unit', () => {
    for (const profile of Object.values(PENALTY_PROFILES)) {
      if (!profile?.escalation) continue;
      expect(profile.kinds[profile.escalation.to]).toBeDefined();
      expect(AMOUNT_UNIT[profile.escalation.to]).not.toBeNull();
      expect(profile.escalation.amount).toBeGreaterThan(0);
    }
    expect(PENALTY_PROFILES.mahjong?.escalation).toMatchObject({ to: 'points' });
  });

  it('xiguaqi 第十四条 赛场纪律 names no sanction: a warning or a disqualification is recorded citing an Arbitra default, not 第十四条', () => {
    for (const kind of ['warning', 'disqualification'] as const)
      deciderSpec(penaltiesDecider)
        .given([])
        .when(issue({ kind, discipline: 'xiguaqi', offence: 'disturbing-the-opponent' }))
        .then([{ type: 'penalties.PenaltyIssued', data: { kind, rule: { profile: 'xiguaqi-cn', section: expect.stringMatching(/^Arbitra default/) } } }]);
  });
});
