import type { Actor } from '../kernel/command.js';
import { invalid, refuse } from '../kernel/errors.js';
import { APPEAL_PROFILES } from './appeal-profile.js';
import type { AppealCmd, AppealEvent, AppealState, AppealStep, Outcome, Remedy, Vote } from './appeals.types.js';
import { APPEAL_RULES as R } from './rules.js';

const OFFICIALS: readonly string[] = ['chief-arbiter', 'admin', 'appeals-committee'];

export function requireLodged(state: AppealState): asserts state is AppealState & { step: AppealStep; appealId: string } {
  if (state.step === null) refuse('appeals/not-lodged', 'no appeal has been lodged under this id', R.notLodged, { kind: 'not-found', field: 'id' });
}

function requireStep(state: AppealState, allowed: readonly AppealStep[], what: string): void {
  requireLodged(state);
  if (!allowed.includes(state.step as AppealStep))
    refuse('appeals/out-of-order', `${what} is not possible now: the appeal is at step "${state.step}" (needs ${allowed.join(' or ')})`, R.order, {
      details: { step: state.step },
    });
}

function requireOfficial(actor: Actor, what: string): void {
  if (!OFFICIALS.includes(actor.role)) refuse('appeals/not-an-official', `a ${actor.role} may not ${what}`, R.officials);
}

const stamp = (c: { context: { actor: Actor; at: string } }) => ({ by: c.context.actor, at: c.context.at });

export function decideAcknowledge(c: AppealCmd<'appeals.acknowledge'>, state: AppealState): AppealEvent[] {
  requireStep(state, ['lodged'], 'acknowledging');
  requireOfficial(c.context.actor, 'acknowledge an appeal');
  return [{ type: 'appeals.AppealAcknowledged', data: { ...stamp(c) } }];
}

export function decideFormCommittee(c: AppealCmd<'appeals.form-committee'>, state: AppealState): AppealEvent[] {
  requireStep(state, ['acknowledged'], 'forming the committee');
  requireOfficial(c.context.actor, 'form an appeals committee');
  const profile = APPEAL_PROFILES[state.profile!];
  const rule = profile.committee.rule;
  const members = c.data.members;
  if (members.length !== profile.committee.size)
    invalid('appeals/committee-size', `the committee has ${profile.committee.size} member(s) under this profile, not ${members.length}`, rule, 'members');
  const seen = new Set<string>();
  for (const [i, m] of members.entries()) {
    if (seen.has(m.id)) invalid('appeals/member-twice', `${m.id} is named twice`, R.members, `members[${i}].id`);
    seen.add(m.id);
  }
  if (profile.committee.chair && members.filter((m) => m.role === 'chair').length !== 1)
    invalid('appeals/committee-chair', 'the committee has exactly one chair', rule, 'members');
  if (profile.committee.distinctFederations) {
    const feds = members.map((m) => m.federation);
    feds.forEach((f, i) => {
      if (!f) invalid('appeals/member-federation', `member ${members[i].id} names no federation`, rule, `members[${i}].federation`);
      if (feds.indexOf(f) !== i) invalid('appeals/federations-not-distinct', `two members are from ${f}`, rule, `members[${i}].federation`);
    });
  }
  const d = state.contested!;
  const parties = new Set([...d.parties, state.appellant!.id, state.appellant!.forPlayer]);
  const involved = new Set([d.decidedBy.id, ...(profile.committee.excludeActingOfficials ? d.officials : [])]);
  members.forEach((m, i) => {
    if (parties.has(m.id))
      refuse('appeals/member-is-party', `${m.id} is a party to the contested decision and may not sit on the committee`, R.independence, {
        field: `members[${i}].id`,
      });
    if (involved.has(m.id))
      refuse('appeals/member-involved', `${m.id} was involved in the contested decision and may not sit on the committee`, `${R.independence}; ${rule}`, {
        field: `members[${i}].id`,
      });
  });
  return [{ type: 'appeals.CommitteeFormed', data: { members, rule, ...stamp(c) } }];
}

export function decideAttachStatement(c: AppealCmd<'appeals.attach-statement'>, state: AppealState): AppealEvent[] {
  requireStep(state, ['lodged', 'acknowledged', 'committee-formed', 'hearing-scheduled', 'heard'], 'attaching a statement');
  const actor = c.context.actor;
  const isAppellant = actor.role === 'player' && actor.id === state.appellant!.id;
  if (!isAppellant && !OFFICIALS.includes(actor.role))
    refuse('appeals/not-an-official', `${actor.id} is neither the appellant nor an official of this appeal`, R.officials);
  if (state.statements.includes(c.data.statementId))
    refuse('appeals/statement-exists', `statement ${c.data.statementId} is already attached`, R.lodgeOnce, { field: 'statementId' });
  if (!c.data.text?.trim()) invalid('appeals/statement-text', 'a statement has text', R.grounds, 'text');
  return [{ type: 'appeals.StatementAttached', data: { ...c.data, ...stamp(c) } }];
}

export function decideScheduleHearing(c: AppealCmd<'appeals.schedule-hearing'>, state: AppealState): AppealEvent[] {
  requireStep(state, ['committee-formed', 'hearing-scheduled'], 'scheduling the hearing');
  requireOfficial(c.context.actor, 'schedule a hearing');
  return [{ type: 'appeals.HearingScheduled', data: { hearingAt: c.data.hearingAt, place: c.data.place, ...stamp(c) } }];
}

export function decideHoldHearing(c: AppealCmd<'appeals.hold-hearing'>, state: AppealState): AppealEvent[] {
  requireStep(state, ['hearing-scheduled'], 'holding the hearing');
  requireOfficial(c.context.actor, 'hold a hearing');
  if (!c.data.minutes?.trim()) invalid('appeals/minutes-required', 'a hearing records its minutes', R.order, 'minutes');
  return [{ type: 'appeals.HearingHeld', data: { present: c.data.present, minutes: c.data.minutes, ...stamp(c) } }];
}

const VOTE_FOR: Record<Outcome, Vote> = { upheld: 'uphold', dismissed: 'dismiss', varied: 'vary' };

function checkRemedy(r: Remedy, i: number): void {
  if (r.kind === 're-pair-next-round' && r.found !== 'not-paired')
    refuse(
      'appeals/cannot-re-pair',
      r.found === 'paired-unpublished'
        ? `round ${r.round + 1} is already paired: the tournament record has no command to withdraw a recorded pairing, so it cannot be re-paired from here`
        : `round ${r.round + 1} is already ${r.found}: a round published or played is not re-paired`,
      R.rePair,
      { field: `remedies[${i}]` },
    );
}

export function decideDecision(c: AppealCmd<'appeals.decide'>, state: AppealState): AppealEvent[] {
  requireStep(state, ['heard'], 'deciding');
  const actor = c.context.actor;
  const members = state.members.map((m) => m.id);
  if (!members.includes(actor.id) && actor.role !== 'admin')
    refuse('appeals/not-a-member', `${actor.id} is not on this appeal's committee`, R.committeeDecides);
  const { outcome, votes, remedies } = c.data;
  if (!c.data.reasons?.trim()) invalid('appeals/reasons-required', 'a decision states its reasons', R.votes, 'reasons');
  const voted = new Set<string>();
  votes.forEach((v, i) => {
    if (!members.includes(v.member)) invalid('appeals/vote-not-member', `${v.member} is not on the committee`, R.votes, `votes[${i}].member`);
    if (voted.has(v.member)) invalid('appeals/vote-twice', `${v.member} votes once`, R.votes, `votes[${i}].member`);
    voted.add(v.member);
  });
  const missing = members.filter((m) => !voted.has(m));
  if (missing.length > 0) invalid('appeals/votes-missing', `no vote from ${missing.join(', ')}`, R.votes, 'votes');
  const cast = votes.filter((v) => v.vote !== 'abstain');
  const forOutcome = cast.filter((v) => v.vote === VOTE_FOR[outcome]).length;
  if (forOutcome * 2 <= cast.length)
    invalid('appeals/votes-do-not-carry', `${forOutcome} of ${cast.length} votes cast are for "${outcome}": not a majority`, R.votes, 'outcome');
  if (outcome === 'dismissed' && remedies.length > 0) invalid('appeals/remedies-on-dismissal', 'a dismissed appeal orders no remedy', R.remedies, 'remedies');
  if (outcome !== 'dismissed' && remedies.length === 0) invalid('appeals/remedy-required', `an ${outcome} appeal orders a remedy`, R.remedies, 'remedies');
  remedies.forEach(checkRemedy);
  const profile = APPEAL_PROFILES[state.profile!];
  const deposit = profile.deposit === null ? null : outcome !== 'dismissed' && profile.deposit.refundedIfUpheld ? 'refunded' : 'retained';
  return [
    {
      type: 'appeals.AppealDecided',
      data: {
        appealId: state.appealId!,
        tournamentId: state.tournamentId!,
        outcome,
        reasons: c.data.reasons,
        votes,
        remedies,
        deposit,
        final: profile.final,
        finalityRule: profile.finalityRule,
        ...stamp(c),
      },
    },
  ];
}

export function decideFinalise(c: AppealCmd<'appeals.finalise'>, state: AppealState): AppealEvent[] {
  requireStep(state, ['decided'], 'finalising');
  requireOfficial(c.context.actor, 'finalise an appeal');
  return [{ type: 'appeals.AppealFinalised', data: { note: c.data.note ?? '', ...stamp(c) } }];
}
