import { msBetween } from '../kernel/command.js';
import { invalid, refuse } from '../kernel/errors.js';
import { APPEAL_PROFILES, appealProfileFor } from './appeal-profile.js';
import type { AppealCmd, AppealEvent, AppealState, Deadline } from './appeals.types.js';
import { APPEAL_RULES as R } from './rules.js';

const CHIEF_ROLES: readonly string[] = ['chief-arbiter', 'admin'];
const ARBITER_ROLES: readonly string[] = ['arbiter', 'chief-arbiter'];
const DECISIONS: readonly string[] = ['ruling', 'penalty', 'result', 'challenge-adjudication', 'pairing', 'appeal-decision'];

function isoPlusMinutes(iso: string, minutes: number): string {
  return new Date(Date.parse(iso) + minutes * 60_000).toISOString();
}

/** Lodge: who may, against what, by when (the profile's deadline), with which deposit. */
export function decideLodge(command: AppealCmd<'appeals.lodge'>, state: AppealState): AppealEvent[] {
  const c = command.data;
  const { actor, at } = command.context;
  if (state.step !== null) refuse('appeals/already-lodged', `appeal ${c.appealId} is already lodged`, R.lodgeOnce, { field: 'appealId' });
  if (!c.grounds?.trim()) invalid('appeals/grounds-required', 'a written appeal states its grounds', R.grounds, 'grounds');
  if (!c.remedySought?.trim()) invalid('appeals/remedy-required', 'a written appeal states the remedy sought', R.grounds, 'remedySought');
  const a = c.appellant;
  if (a.capacity === 'player' && a.id !== a.forPlayer)
    invalid('appeals/appellant', `a player appeals for themself: ${a.id} is not ${a.forPlayer}`, R.appellant, 'appellant.forPlayer');
  // A player token lodges for itself only; who acts as captain or representative the chief arbiter checks and records (`by`).
  if (actor.role === 'player' && a.capacity !== 'player')
    refuse('appeals/not-on-behalf', `a player lodges only in their own name: a ${a.capacity} appeal is lodged by the chief arbiter`, R.onBehalf, {
      kind: 'invalid',
      field: 'appellant.capacity',
    });
  if (actor.role === 'player' && actor.id !== a.id)
    refuse('appeals/not-appellant', `${actor.id} may not lodge an appeal in the name of ${a.id}`, R.appellant, { field: 'appellant.id' });
  if (!['player', 'chief-arbiter', 'admin'].includes(actor.role))
    refuse('appeals/not-appellant', `a ${actor.role} does not lodge appeals`, R.appellant, { field: 'appellant.id' });
  const d = c.contested;
  if (!DECISIONS.includes(d.kind))
    invalid(
      'appeals/not-a-decision',
      `event ${d.eventId} (${d.type}) is not a ruling, penalty, result, adjudication or pairing`,
      R.decision,
      'contestedEventId',
    );
  if (d.parties.length > 0 && !d.parties.includes(a.forPlayer))
    refuse('appeals/not-a-party', `the contested decision does not concern ${a.forPlayer} (it concerns ${d.parties.join(', ')})`, R.party, {
      field: 'appellant.forPlayer',
    });
  const profile = appealProfileFor(c.discipline);
  // A remedy event applied for an appeal decision is that decision (the runtime resolves it): its finality is the decision's.
  if (d.kind === 'appeal-decision' && d.appealProfile && APPEAL_PROFILES[d.appealProfile].final)
    refuse(
      'appeals/decision-final',
      d.appliesAppealDecision
        ? `event ${d.eventId} applied the decision of appeal ${d.appliesAppealDecision.appealId} (event ${d.appliesAppealDecision.eventId}), and that decision is final`
        : `event ${d.eventId} decided an appeal, and that decision is final`,
      APPEAL_PROFILES[d.appealProfile].finalityRule,
      { field: 'contestedEventId' },
    );
  // A ruling the profile's rule text makes the arbiter's last word (Ing rules 第十条 裁判: fouls and etiquette).
  const ruled = profile.arbiterFinal?.rulings.find((r) => r.type === d.type && typeof d.ground === 'string' && r.grounds.includes(d.ground));
  if (ruled && ARBITER_ROLES.includes(d.decidedBy.role))
    refuse('appeals/arbiter-final', `event ${d.eventId} is the arbiter's ruling on ${ruled.what}: no appeal lies against it`, profile.arbiterFinal!.rule, {
      field: 'contestedEventId',
    });
  if (profile.chiefDecisionFinal && d.decidedBy.role === 'chief-arbiter')
    refuse('appeals/decision-final', `event ${d.eventId} is the chief arbiter's decision, which is final`, profile.finalityRule, { field: 'contestedEventId' });
  const anchor = profile.deadline.from === 'decision' ? d.recordedAt : d.sessionEndedAt;
  const deadline: Deadline = {
    from: profile.deadline.from,
    minutes: profile.deadline.minutes,
    at: anchor === null ? null : isoPlusMinutes(anchor, profile.deadline.minutes),
    rule: profile.deadline.rule,
  };
  const late = deadline.at !== null && msBetween(deadline.at, at) > 0;
  const acceptance = c.lateAcceptance ?? null;
  if (late && !acceptance)
    refuse(
      'appeals/late',
      `the appeal is late: the deadline was ${deadline.at} (${deadline.minutes} minutes after the ${deadline.from}); it is ${at}`,
      deadline.rule,
      {
        field: 'contestedEventId',
        details: { deadline: deadline.at },
      },
    );
  if (acceptance) {
    if (!CHIEF_ROLES.includes(actor.role))
      refuse('appeals/late-acceptance-not-chief', `a ${actor.role} may not accept a late appeal`, R.lateChief, { field: 'lateAcceptance' });
    if (!late)
      invalid('appeals/not-late', `the appeal is in time (deadline ${deadline.at ?? 'not yet running'}): nothing to accept late`, R.notLate, 'lateAcceptance');
    if (!acceptance.reason?.trim()) invalid('appeals/late-reason-required', 'a late acceptance records its reason', R.lateChief, 'lateAcceptance.reason');
  }
  if (profile.deposit && (c.deposit ?? 0) < profile.deposit.amount)
    refuse('appeals/deposit-required', `this appeal needs a deposit of ${profile.deposit.amount}`, profile.deposit.rule, { field: 'deposit' });
  return [
    {
      type: 'appeals.AppealLodged',
      data: {
        appealId: c.appealId,
        tournamentId: c.tournamentId,
        discipline: c.discipline,
        profile: profile.id,
        lodgedWith: profile.lodgedWith,
        form: profile.form,
        appellant: a,
        contested: d,
        grounds: c.grounds,
        remedySought: c.remedySought,
        deposit: c.deposit ?? null,
        deadline,
        late: late && acceptance ? { reason: acceptance.reason, acceptedBy: actor } : null,
        by: actor,
        at,
      },
    },
  ];
}
