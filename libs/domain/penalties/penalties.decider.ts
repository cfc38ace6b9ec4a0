import type { Actor, CommandContext } from '../kernel/command.js';
import { assertNever, type Decider } from '../kernel/decider.js';
import { invalid, notFound, refuse } from '../kernel/errors.js';
import { AMOUNT_UNIT, penaltyProfileOf, type PenaltyProfile } from './penalty-profile.js';
import {
  PENALTY_KINDS,
  type AppliedIn,
  type Escalation,
  type LedgerEntry,
  type LedgerState,
  type PenaltyAuthority,
  type PenaltyCommand,
  type PenaltyCommandData,
  type PenaltyEvent,
  type PenaltyKind,
  type RuleCited,
} from './penalties.types.js';
import { LEDGER_RULES as R } from './rules.js';

/** The actor of the appeals remedies process manager (runtime process-manager.ts names it `process-manager:<name>`). */
export const APPEAL_REMEDIES_ACTOR = 'process-manager:appeal-remedies';
const OFFICIALS: readonly string[] = ['admin', 'chief-arbiter', 'arbiter'];
const OFFENCE = /^[a-z0-9][a-z0-9-]{0,63}$/;
const blank = (s: unknown) => typeof s !== 'string' || s.trim() === '';
const positiveInt = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n > 0;

export const initialLedgerState = (): LedgerState => ({ discipline: null, penalties: {}, order: [] });

/** The penalties in issue order. */
export const ledgerEntries = (s: LedgerState): LedgerEntry[] => s.order.map((id) => s.penalties[id]);

function checkAmount(kind: PenaltyKind, amount: number | undefined, field = 'amount'): void {
  const unit = AMOUNT_UNIT[kind];
  if (unit === null) {
    if (amount !== undefined && amount !== null) invalid('penalties/amount-forbidden', `a ${kind} carries no amount`, R.amount, field);
    return;
  }
  const ok = typeof amount === 'number' && Number.isFinite(amount) && amount > 0 && (unit === 'points' || Number.isInteger(amount));
  if (!ok) invalid('penalties/amount-required', `a ${kind} penalty needs a positive amount of ${unit}, got ${String(amount)}`, R.amount, field);
}

function checkTarget(t: PenaltyCommandData['penalties.issue-penalty']['target'] | undefined): void {
  if (!t || blank(t.player)) invalid('penalties/target', 'a penalty names the player it targets', R.target, 'target.player');
  for (const f of ['round', 'table'] as const)
    if (t[f] !== undefined && !positiveInt(t[f])) invalid('penalties/target', `target.${f} must be a positive whole number`, R.target, `target.${f}`);
}

function ruleCited(profile: PenaltyProfile, kind: PenaltyKind, given: PenaltyCommandData['penalties.issue-penalty']['rule']): RuleCited {
  if (given === undefined) return { profile: profile.name, section: profile.kinds[kind] as string };
  if (given.profile !== undefined && given.profile !== profile.name)
    invalid('penalties/rule-profile', `this tournament's penalties follow the ${profile.name} profile, not ${given.profile}`, R.rule, 'rule.profile');
  if (blank(given.section)) invalid('penalties/rule-section', 'the rule cited names its section', R.rule, 'rule.section');
  return { profile: profile.name, section: given.section.trim() };
}

/** Earlier active warnings for the same player and offence: a new warning is then a repeat. */
function priorWarnings(s: LedgerState, player: string, offence: string): string[] {
  return ledgerEntries(s)
    .filter((e) => e.status === 'active' && e.kind === 'warning' && e.target.player === player && e.offence === offence)
    .map((e) => e.penaltyId);
}

const isProcess = (a: Actor) => a.role === 'system' && a.id.startsWith('process-manager:');

/**
 * A penalty already applied in a game comes only from the games process (never from a client, who could
 * otherwise keep a deduction out of the standings), names the game and event, and is issued by whoever
 * recorded that event in the game.
 */
function checkAppliedIn(c: PenaltyCommandData['penalties.issue-penalty'], actor: Actor): AppliedIn | null {
  if (c.appliedIn === undefined || c.appliedIn === null) {
    if (!OFFICIALS.includes(actor.role)) refuse('penalties/not-an-official', `a ${actor.role} does not issue penalties`, R.issuers, { kind: 'invalid' });
    return null;
  }
  if (!isProcess(actor))
    refuse('penalties/applied-in-game', 'only the games process records a penalty as already applied in a game', R.appliedIn, { field: 'appliedIn' });
  const a = c.appliedIn;
  if (blank(a.game) || blank(a.event) || !a.by || blank(a.by.id))
    invalid('penalties/applied-in-game', 'a penalty applied in a game names the game, its event and who recorded it', R.appliedIn, 'appliedIn');
  return { game: a.game, event: a.event, by: a.by, ...(a.notInResult === true && { notInResult: true }) };
}

function decideIssue(c: PenaltyCommandData['penalties.issue-penalty'], ctx: CommandContext, s: LedgerState): PenaltyEvent[] {
  const appliedIn = checkAppliedIn(c, ctx.actor);
  if (blank(c.penaltyId)) invalid('penalties/penalty-id', 'a penalty has an id', R.penaltyId, 'penaltyId');
  const first = s.penalties[c.penaltyId];
  if (first) {
    const what = first.amount === null ? first.kind : `${first.amount} ${AMOUNT_UNIT[first.kind]}`;
    const round = first.target.round === undefined ? '' : ` in round ${first.target.round}`;
    refuse(
      'penalties/penalty-id-taken',
      `penalty "${c.penaltyId}" is already in the ledger (${what} to player ${first.target.player}${round}, "${first.reason}")`,
      R.penaltyId,
      {
        field: 'penaltyId',
        details: {
          first: { penaltyId: first.penaltyId, player: first.target.player, round: first.target.round ?? null, kind: first.kind, amount: first.amount },
        },
      },
    );
  }
  const profile = penaltyProfileOf(c.discipline);
  if (!profile) invalid('penalties/discipline', `no penalty profile for discipline ${String(c.discipline)}`, R.discipline, 'discipline');
  if (s.discipline !== null && s.discipline !== c.discipline)
    refuse('penalties/discipline', `this ledger is for a ${s.discipline} tournament, not ${c.discipline}`, R.discipline, { field: 'discipline' });
  if (!(PENALTY_KINDS as readonly string[]).includes(c.kind)) invalid('penalties/kind', `unknown penalty kind ${String(c.kind)}`, R.kind, 'kind');
  if (profile.kinds[c.kind] === undefined)
    invalid('penalties/kind', `the ${profile.name} profile has no ${c.kind} penalty (it knows: ${Object.keys(profile.kinds).join(', ')})`, R.kind, 'kind');
  checkAmount(c.kind, c.amount);
  checkTarget(c.target);
  // Standings as of round N count the penalties of rounds ≤ N (standings/results.ts Penalty): a deduction names its round.
  if (c.kind === 'points' && c.target.round === undefined) invalid('penalties/target', 'a points deduction names its round', R.target, 'target.round');
  if (blank(c.offence) || !OFFENCE.test(c.offence))
    invalid('penalties/offence', `offence ${JSON.stringify(c.offence)} is not an offence code`, R.offence, 'offence');
  if (blank(c.reason)) invalid('penalties/reason', 'a penalty states its reason', R.reason, 'reason');
  const rule = ruleCited(profile, c.kind, c.rule);

  let kind = c.kind;
  let amount = c.amount ?? null;
  let escalation: Escalation | null = null;
  // A penalty the game already applied stands as applied: it is never escalated here.
  const escalates = profile.escalation !== null && (profile.escalation.offences?.includes(c.offence) ?? true);
  const prior = c.kind === 'warning' && escalates && !appliedIn ? priorWarnings(s, c.target.player, c.offence) : [];
  if (profile.escalation && prior.length > 0) {
    // The profile's escalation (WMC 行為守則 罰則 警告: 如果再犯便會判罰): a repeat after a warning is penalised.
    kind = profile.escalation.to;
    amount = profile.escalation.amount;
    escalation = { escalatedFrom: 'warning', priorWarnings: prior, rule: { profile: profile.name, section: profile.escalation.section } };
  }
  const target = { ...c.target, player: c.target.player.trim() };
  return [
    {
      type: 'penalties.PenaltyIssued',
      data: {
        penaltyId: c.penaltyId,
        discipline: c.discipline,
        target,
        offence: c.offence,
        kind,
        amount,
        rule: escalation ? escalation.rule : rule,
        reason: c.reason,
        issuedBy: appliedIn ? appliedIn.by : ctx.actor,
        at: ctx.at,
        escalation,
        ...(appliedIn && { appliedIn }),
      },
    },
  ];
}

/** Who may exercise the authority a cancellation or reduction names (issue 10: the arbiter's own correction, the chief arbiter, or an appeal). */
function authorize(authority: PenaltyAuthority | undefined, actor: Actor, entry: LedgerEntry): void {
  switch (authority?.kind) {
    case 'correction':
      if (actor.id !== entry.issuedBy.id || !OFFICIALS.includes(actor.role))
        refuse('penalties/not-the-issuer', `penalty ${entry.penaltyId} was issued by ${entry.issuedBy.id}: only they correct it`, R.correction, {
          field: 'authority',
        });
      return;
    case 'chief-arbiter':
      if (actor.role !== 'chief-arbiter' && actor.role !== 'admin')
        refuse('penalties/not-chief-arbiter', `a ${actor.role} does not act as the chief arbiter`, R.chief, { field: 'authority' });
      return;
    case 'appeal':
      if (blank(authority.appealId)) invalid('penalties/authority', 'an appeal authority names the appeal', R.appeal, 'authority.appealId');
      // Only the appeals remedies process manager applies a recorded appeal decision (issue 10: "remedies applied as
      // ordinary commands ... with the appeal as their cause"); nobody claims "by appeal" over HTTP.
      if (!(actor.role === 'system' && actor.id === APPEAL_REMEDIES_ACTOR))
        refuse('penalties/not-appeals', `a ${actor.role} does not apply appeal decisions: the appeals process does`, R.appeal, {
          kind: 'invalid',
          field: 'authority.kind',
        });
      return;
    default:
      invalid('penalties/authority', 'the authority is correction, chief-arbiter or appeal', R.correction, 'authority.kind');
  }
}

function entryFor(s: LedgerState, penaltyId: string, reason: string): LedgerEntry {
  const entry = s.penalties[penaltyId];
  if (!entry) notFound('penalties/unknown-penalty', `no penalty ${penaltyId} in this ledger`, 'penaltyId');
  if (blank(reason)) invalid('penalties/reason', 'a cancellation or reduction states its reason', R.reason, 'reason');
  return entry;
}

function refuseIfCancelled(entry: LedgerEntry): void {
  if (entry.status === 'cancelled')
    refuse(
      'penalties/already-cancelled',
      `penalty ${entry.penaltyId} was cancelled at ${entry.cancellation?.at} by ${entry.cancellation?.decidedBy.id}`,
      R.cancelled,
      {
        field: 'penaltyId',
      },
    );
}

/**
 * Whether a penalty took effect in a game's own record: a penalty applied in a game (a Scrabble time penalty, chess time to the opponent, a forfeit) is in the game's own score,
 * clock or result, which the standings read: cancelled or reduced in the ledger alone it would still count there. A
 * warning has no effect in the game, and a mahjong table's 罰分 (`notInResult`) reach the standings through the ledger.
 */
export function inGameResult(entry: LedgerEntry): boolean {
  return !!entry.appliedIn && !entry.appliedIn.notInResult && entry.kind !== 'warning';
}

function refuseIfInGame(entry: LedgerEntry): void {
  if (!inGameResult(entry) || !entry.appliedIn) return;
  refuse(
    'penalties/applied-in-game',
    `penalty ${entry.penaltyId} took effect in game ${entry.appliedIn.game} (event ${entry.appliedIn.event}): cancelling or reducing the ledger ` +
      'entry would not undo it there; where it changed the result, correct the result (POST …/rounds/:n/results/:table/corrections, or an appeal decision)',
    R.appliedInEffect,
    { field: 'penaltyId' },
  );
}

function decide(command: PenaltyCommand, s: LedgerState): PenaltyEvent[] {
  const ctx = command.context;
  switch (command.type) {
    case 'penalties.issue-penalty':
      return decideIssue(command.data, ctx, s);
    case 'penalties.cancel-penalty': {
      const c = command.data;
      const entry = entryFor(s, c.penaltyId, c.reason);
      authorize(c.authority, ctx.actor, entry);
      refuseIfCancelled(entry);
      refuseIfInGame(entry);
      return [
        { type: 'penalties.PenaltyCancelled', data: { penaltyId: c.penaltyId, reason: c.reason, authority: c.authority, decidedBy: ctx.actor, at: ctx.at } },
      ];
    }
    case 'penalties.reduce-penalty': {
      const c = command.data;
      const entry = entryFor(s, c.penaltyId, c.reason);
      authorize(c.authority, ctx.actor, entry);
      refuseIfCancelled(entry);
      refuseIfInGame(entry);
      if (entry.amount === null) invalid('penalties/no-amount', `a ${entry.kind} has no amount to reduce; cancel it instead`, R.reduce, 'penaltyId');
      checkAmount(entry.kind, c.amount);
      if (c.amount >= entry.amount) invalid('penalties/not-a-reduction', `${c.amount} is not below the current ${entry.amount}`, R.reduce, 'amount');
      return [
        {
          type: 'penalties.PenaltyReduced',
          data: {
            penaltyId: c.penaltyId,
            amount: c.amount,
            previousAmount: entry.amount,
            reason: c.reason,
            authority: c.authority,
            decidedBy: ctx.actor,
            at: ctx.at,
          },
        },
      ];
    }
    default:
      return assertNever(command, 'penalty command');
  }
}

export function evolveLedger(s: LedgerState, e: PenaltyEvent): LedgerState {
  switch (e.type) {
    case 'penalties.PenaltyIssued': {
      // Object.assign, not a spread followed by new keys (slow on Node 20)
      const entry: LedgerEntry = Object.assign({}, e.data, { issuedAmount: e.data.amount, status: 'active', cancellation: null, reductions: [] } as const);
      return { discipline: s.discipline ?? e.data.discipline, penalties: { ...s.penalties, [e.data.penaltyId]: entry }, order: [...s.order, e.data.penaltyId] };
    }
    case 'penalties.PenaltyCancelled': {
      const before = s.penalties[e.data.penaltyId];
      if (!before) return s;
      return { ...s, penalties: { ...s.penalties, [e.data.penaltyId]: { ...before, status: 'cancelled', cancellation: e.data } } };
    }
    case 'penalties.PenaltyReduced': {
      const before = s.penalties[e.data.penaltyId];
      if (!before) return s;
      return { ...s, penalties: { ...s.penalties, [e.data.penaltyId]: { ...before, amount: e.data.amount, reductions: [...before.reductions, e.data] } } };
    }
    default:
      return s;
  }
}

export const penaltiesDecider: Decider<PenaltyCommand, PenaltyEvent, LedgerState> = { initialState: initialLedgerState, decide, evolve: evolveLedger };
