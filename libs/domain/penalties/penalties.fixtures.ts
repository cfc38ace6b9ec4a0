import type { Actor } from '../kernel/command.js';
import type { PenaltyAuthority, PenaltyCommand, PenaltyCommandData, PenaltyEvent, PenaltyIssuedData } from './penalties.types.js';

/** Test fixtures for the ledger's specs: actors, commands and recorded events. */
export const AT = '2026-11-30T10:00:00.000Z';
export const ARBITER: Actor = { id: 'arb-lee', role: 'arbiter' };
export const OTHER_ARBITER: Actor = { id: 'arb-wong', role: 'arbiter' };
export const CHIEF: Actor = { id: 'chief-chan', role: 'chief-arbiter' };
export const COMMITTEE: Actor = { id: 'committee-ho', role: 'appeals-committee' };
export const APPEALS_PM: Actor = { id: 'process-manager:appeal-remedies', role: 'system' };
export const PLAYER: Actor = { id: 'lee-kwan-yee', role: 'player' };

const ctx = (actor: Actor, n = 1) => ({ at: AT, actor, commandId: `c-${n}` });

type IssueData = PenaltyCommandData['penalties.issue-penalty'];

export function issue(data: Partial<IssueData> & Pick<IssueData, 'kind'>, actor: Actor = ARBITER): PenaltyCommand {
  return {
    type: 'penalties.issue-penalty',
    context: ctx(actor),
    data: {
      penaltyId: 'P-1',
      discipline: 'mahjong',
      target: { player: 'a', round: 1, table: 2 },
      offence: 'no-call-announcement',
      reason: 'claimed without calling',
      ...data,
    },
  };
}

export function issued(data: Partial<PenaltyIssuedData> & Pick<PenaltyIssuedData, 'kind'>): PenaltyEvent {
  return {
    type: 'penalties.PenaltyIssued',
    data: {
      penaltyId: 'P-1',
      discipline: 'mahjong',
      target: { player: 'a', round: 1, table: 2 },
      offence: 'no-call-announcement',
      amount: null,
      rule: { profile: 'wmc', section: '行為守則 罰則 警告' },
      reason: 'claimed without calling',
      issuedBy: ARBITER,
      at: AT,
      escalation: null,
      ...data,
    },
  };
}

export const cancel = (penaltyId: string, authority: PenaltyAuthority, actor: Actor, reason = 'wrong player'): PenaltyCommand => ({
  type: 'penalties.cancel-penalty',
  context: ctx(actor, 2),
  data: { penaltyId, reason, authority },
});

export const reduce = (penaltyId: string, amount: number, authority: PenaltyAuthority, actor: Actor, reason = 'too harsh'): PenaltyCommand => ({
  type: 'penalties.reduce-penalty',
  context: ctx(actor, 3),
  data: { penaltyId, amount, reason, authority },
});
