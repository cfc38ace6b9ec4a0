import { DESCRIPTORS, descriptorOf } from '../discipline-kit/registry.js';
import { invalid, notFound, refuse } from '../kernel/errors.js';
import { PAIRING_SYSTEMS } from '../pairing/types.js';
import { describeDomain, inDomain } from '../ratings/domains.js';
import { disciplineDomain } from '../ratings/profiles.js';
import { mcmahonProblem } from '../standings/mcmahon.js';
import { DISCIPLINES } from '../standings/results.js';
import { tieBreakProblem } from '../standings/tie-breaks.js';
import { DEFAULT_PAIRING_SYSTEMS, SYSTEM_DISCIPLINES } from './pairing-systems.js';
import { effectiveProfile, type RulesProfile } from './profiles.js';
import { resolveDivision } from './division.js';
import { RULES } from './rules.js';
import { requestedByeOf, validateRequestedByes } from './requested-byes.js';
import { validateRapidMinutes } from './rounds-per-day.js';
import { BAKU_RULE } from '../pairing/dutch/baku.js';
import type { TournamentCommandData } from './tournament.commands.js';
import type { TournamentEvent } from './tournament.events.js';
import { findPlayer, lastPairedRound, type OpenTournament, type PlayerState, type TournamentState } from './tournament.state.js';

type Cmd<T extends keyof TournamentCommandData> = TournamentCommandData[T];

const isPositiveInt = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 1;

export function decideCreate(c: Cmd<'tournament.create'>, state: TournamentState): TournamentEvent[] {
  if (state.status !== 'none') refuse('tournament/already-created', `tournament ${c.id} already exists`, RULES.created);
  if (!c.id || !c.name?.trim()) invalid('tournament/name-required', 'a tournament needs an id and a name', RULES.created, c.id ? 'name' : 'id');
  if (!DISCIPLINES.includes(c.discipline))
    invalid('tournament/unknown-discipline', `unknown discipline "${String(c.discipline)}"`, RULES.discipline, 'discipline');
  const divisions = c.divisions && c.divisions.length > 0 ? [...c.divisions] : ['main'];
  if (c.divisions && c.divisions.length === 0) invalid('tournament/no-division', 'a tournament needs at least one division', RULES.divisions, 'divisions');
  if (new Set(divisions).size !== divisions.length || divisions.some((d) => !d.trim()))
    invalid('tournament/duplicate-division', `division names must be unique and non-empty: ${divisions.join(', ')}`, RULES.divisions, 'divisions');
  if (c.roundsPlanned !== undefined && !isPositiveInt(c.roundsPlanned))
    invalid('tournament/rounds-planned', `rounds planned must be a positive integer, got ${c.roundsPlanned}`, RULES.roundsPlanned, 'roundsPlanned');
  const pairingSystems = c.pairingSystems ?? DEFAULT_PAIRING_SYSTEMS[c.discipline];
  if (!pairingSystems || pairingSystems.length === 0)
    invalid('tournament/no-pairing-system', 'a tournament allows at least one pairing system', RULES.pairingSystems, 'pairingSystems');
  const unknown = pairingSystems.find((s) => !PAIRING_SYSTEMS.includes(s));
  if (unknown) invalid('tournament/unknown-pairing-system', `unknown pairing system "${unknown}"`, RULES.pairingSystems, 'pairingSystems');
  const foreign = pairingSystems.find((s) => SYSTEM_DISCIPLINES[s] !== undefined && !SYSTEM_DISCIPLINES[s]?.includes(c.discipline));
  if (foreign)
    invalid(
      'tournament/pairing-system-discipline',
      `${foreign} pairs ${SYSTEM_DISCIPLINES[foreign]?.join(', ')} only, not ${c.discipline}`,
      RULES.pairingSystems,
      'pairingSystems',
    );
  const profile = effectiveProfile(c.discipline, c.profile);
  validateProfile(profile);
  validateAcceleration(profile, c.roundsPlanned, pairingSystems);
  if (pairingSystems.includes('mcmahon')) {
    if (profile.mcmahon === undefined)
      invalid(
        'tournament/mcmahon-needs-band',
        'pairing system mcmahon needs profile mcmahon (bar and floor: the initial McMahon scores)',
        RULES.mcmahonPairing,
        'profile.mcmahon',
      );
  }
  return [
    {
      type: 'tournament.TournamentCreated',
      data: {
        id: c.id,
        name: c.name,
        discipline: c.discipline,
        profile,
        divisions,
        roundsPlanned: c.roundsPlanned ?? null,
        pairingSystems: [...new Set(pairingSystems)],
        ...(c.source !== undefined && { source: c.source }),
      },
    },
  ];
}

/**
 * FIDE Handbook C.04.5.1: the Baku method applies where a win is 1 and a draw ½; its accelerated rounds are the first half
 * of the tournament, so the rounds planned must be known; it accelerates the Dutch system's pairing.
 */
function validateAcceleration(p: RulesProfile, roundsPlanned: number | undefined, systems: readonly string[]): void {
  if (p.acceleration === undefined) return;
  const why =
    p.acceleration !== 'baku'
      ? `unknown acceleration "${String(p.acceleration)}"`
      : // fide-dutch is rapid chess's own system (its descriptor's pairing.systems): no other discipline allows it.
        !systems.includes('fide-dutch')
        ? 'the Baku acceleration accelerates fide-dutch pairings of chess tournaments'
        : p.points.win !== 1 || p.points.draw !== 0.5 || p.points.loss !== 0
          ? 'the Baku acceleration needs the standard scoring (1 a win, ½ a draw, 0 a loss)'
          : roundsPlanned === undefined
            ? 'the Baku acceleration needs roundsPlanned (its accelerated rounds are the first half of the tournament)'
            : null;
  if (why) invalid('tournament/profile-value', why, BAKU_RULE, 'profile.acceleration');
}

function validateProfile(p: RulesProfile): void {
  const numbers: Array<[string, number]> = [
    ['points.win', p.points.win],
    ['points.draw', p.points.draw],
    ['points.loss', p.points.loss],
    ['bye.spread', p.bye.spread],
    ['forfeitSpread', p.forfeitSpread],
    ['doubleForfeitSpread', p.doubleForfeitSpread],
  ];
  for (const [field, n] of numbers)
    if (typeof n !== 'number' || !Number.isFinite(n))
      invalid('tournament/profile-value', `profile ${field} must be a finite number`, RULES.profile, `profile.${field}`);
  if (!['win', 'draw', 'loss'].includes(p.bye.outcome))
    invalid('tournament/profile-value', `profile bye.outcome must be win, draw or loss`, RULES.profile, 'profile.bye.outcome');
  refuseForeignProfileFields(p);
  validateRapidMinutes(p);
  if (p.goBasicMinutes !== undefined && (!Number.isInteger(p.goBasicMinutes) || p.goBasicMinutes < 1 || p.goBasicMinutes > 600))
    invalid('tournament/profile-value', 'profile goBasicMinutes is whole minutes from 1 to 600', RULES.goBasicMinutes, 'profile.goBasicMinutes');
  if (p.egd !== undefined) {
    const place = p.egd.place;
    if (!['A', 'B', 'C', 'D'].includes(p.egd.class)) invalid('tournament/profile-value', 'profile egd.class is A, B, C or D', RULES.egd, 'profile.egd.class');
    if (place !== undefined && (typeof place !== 'string' || !/\S/.test(place) || /[\p{Cc};\]]/u.test(place) || place.length > 100))
      invalid('tournament/profile-value', 'profile egd.place is 1–100 characters without line breaks, "]" or ";"', RULES.egd, 'profile.egd.place');
  }
  if (p.mcmahon !== undefined) {
    const m = mcmahonProblem(p.mcmahon);
    if (m) invalid('tournament/profile-value', m.message, RULES.mcmahon, `profile.mcmahon.${m.field}`);
  }
  validateRequestedByes(p);
  const problem = tieBreakProblem(p.discipline, p.tieBreaks);
  if (problem) invalid('tournament/tie-break-not-in-catalogue', problem, RULES.tieBreaks, 'profile.tieBreaks');
}

/**
 * A profile field some discipline names as its own (its descriptor's `tournamentRules.profileFields`: Go's `egd`, rapid
 * chess's `rapidMinutes`) is refused in another discipline's tournament, citing the owner's rule.
 */
function refuseForeignProfileFields(p: RulesProfile): void {
  const mine = descriptorOf(p.discipline).tournamentRules.profileFields;
  for (const d of DESCRIPTORS)
    for (const [field, rule] of Object.entries(d.tournamentRules.profileFields) as [keyof RulesProfile, string][]) {
      if (p[field] === undefined || mine[field] !== undefined) continue;
      const owners = DESCRIPTORS.filter((o) => o.tournamentRules.profileFields[field] !== undefined).map((o) => o.id);
      invalid('tournament/profile-value', `profile ${field} is for ${owners.join(', ')} tournaments only`, rule, `profile.${field}`);
    }
}

export function requireOpen(state: TournamentState): OpenTournament {
  if (state.status !== 'open') refuse('tournament/not-created', 'the tournament does not exist yet', RULES.notCreated);
  return state;
}

export function requirePlayer(t: OpenTournament, id: string, field = 'playerId'): PlayerState {
  const p = findPlayer(t, id);
  if (!p) notFound('tournament/unknown-player', `player ${id} is not registered in tournament ${t.id}`, field);
  return p;
}

export function decideRegister(c: Cmd<'tournament.register-player'>, state: TournamentState): TournamentEvent[] {
  const t = requireOpen(state);
  const p = c.player;
  if (!p.id || !p.name?.trim())
    invalid('tournament/player-name-required', 'a player needs an id and a name', RULES.playerUnique, p.id ? 'player.name' : 'player.id');
  if (findPlayer(t, p.id)) refuse('tournament/player-already-registered', `player ${p.id} is already registered`, RULES.playerUnique, { field: 'player.id' });
  // Issue 31: a rating every engine that may rate the discipline can take (GoR below 3300, not below the FIDE floor, …).
  if (p.rating !== undefined) {
    const domain = disciplineDomain(t.discipline);
    if (!inDomain(domain, p.rating))
      invalid('tournament/player-rating', `a ${t.discipline} rating is ${describeDomain(domain)}; got ${String(p.rating)}`, domain.rule, 'player.rating');
  }
  const division = resolveDivision(t, p.division);
  const last = lastPairedRound(t, division);
  // Late entry: joins at a round not yet paired; earlier rounds are absences, not byes.
  const joinsAtRound = c.joinsAtRound ?? last + 1;
  if (!isPositiveInt(joinsAtRound)) invalid('tournament/late-entry-round', `joinsAtRound must be a positive integer`, RULES.lateEntry, 'joinsAtRound');
  if (joinsAtRound <= last)
    refuse(
      'tournament/late-entry-round',
      `player ${p.id} cannot join at round ${joinsAtRound}: round ${last} of ${division} is already paired`,
      RULES.lateEntry,
      { field: 'joinsAtRound' },
    );
  if (t.roundsPlanned !== null && joinsAtRound > t.roundsPlanned)
    refuse(
      'tournament/late-entry-round',
      `player ${p.id} cannot join at round ${joinsAtRound}: only ${t.roundsPlanned} rounds are planned`,
      RULES.roundsPlanned,
      { field: 'joinsAtRound' },
    );
  const player = {
    id: p.id,
    name: p.name,
    division,
    ...(p.federationId !== undefined && { federationId: p.federationId }),
    ...(p.rating !== undefined && { rating: p.rating }),
    ...(p.club !== undefined && { club: p.club }),
    ...(p.country !== undefined && { country: p.country }),
    ...(p.team !== undefined && { team: p.team }),
  };
  return [{ type: 'tournament.PlayerRegistered', data: { player, joinsAtRound } }];
}

export function decideWithdraw(c: Cmd<'tournament.withdraw-player'>, state: TournamentState): TournamentEvent[] {
  const t = requireOpen(state);
  const p = requirePlayer(t, c.playerId);
  if (p.withdrawnFromRound !== null)
    refuse('tournament/already-withdrawn', `player ${p.id} already withdrew from round ${p.withdrawnFromRound}`, RULES.withdrawal, { field: 'playerId' });
  if (!isPositiveInt(c.fromRound)) invalid('tournament/withdrawal-round', 'fromRound must be a positive integer', RULES.withdrawal, 'fromRound');
  const last = lastPairedRound(t, p.division);
  if (c.fromRound <= last)
    refuse(
      'tournament/withdrawal-round',
      `player ${p.id} cannot withdraw from round ${c.fromRound}: round ${last} is already paired (record a forfeit there, withdraw from round ${last + 1})`,
      RULES.withdrawal,
      { field: 'fromRound' },
    );
  return [{ type: 'tournament.PlayerWithdrawn', data: { playerId: p.id, fromRound: c.fromRound, reason: c.reason ?? null } }];
}

export function decideAbsent(c: Cmd<'tournament.mark-absent'>, state: TournamentState): TournamentEvent[] {
  const t = requireOpen(state);
  const p = requirePlayer(t, c.playerId);
  if (!isPositiveInt(c.round)) invalid('tournament/absence-round', 'round must be a positive integer', RULES.absence, 'round');
  const last = lastPairedRound(t, p.division);
  if (c.round <= last) refuse('tournament/absence-round', `round ${c.round} is already paired: record a forfeit instead`, RULES.absence, { field: 'round' });
  if (p.withdrawnFromRound !== null && c.round >= p.withdrawnFromRound)
    refuse('tournament/absence-round', `player ${p.id} withdrew from round ${p.withdrawnFromRound}`, RULES.absence, { field: 'round' });
  if (c.round < p.joinsAtRound) refuse('tournament/absence-round', `player ${p.id} only joins at round ${p.joinsAtRound}`, RULES.absence, { field: 'round' });
  if (p.absentRounds.includes(c.round))
    refuse('tournament/already-absent', `player ${p.id} is already absent in round ${c.round}`, RULES.absence, { field: 'round' });
  const bye = requestedByeOf(c.bye, t);
  return [{ type: 'tournament.PlayerMarkedAbsent', data: { playerId: p.id, round: c.round, reason: c.reason ?? null, ...(bye !== undefined && { bye }) } }];
}

export function decideForbid(c: Cmd<'tournament.forbid-pairing'>, state: TournamentState): TournamentEvent[] {
  const t = requireOpen(state);
  requirePlayer(t, c.a, 'a');
  requirePlayer(t, c.b, 'b');
  if (c.a === c.b) invalid('tournament/forbidden-pairing-self', 'a forbidden pairing needs two different players', RULES.forbidden, 'b');
  if (!c.reason?.trim()) invalid('tournament/reason-required', 'a forbidden pairing states its reason', RULES.forbidden, 'reason');
  if (t.forbidden.some((f) => (f.a === c.a && f.b === c.b) || (f.a === c.b && f.b === c.a)))
    refuse('tournament/forbidden-pairing-exists', `${c.a} and ${c.b} are already kept apart`, RULES.forbidden);
  return [{ type: 'tournament.PairingForbidden', data: { a: c.a, b: c.b, reason: c.reason } }];
}

export function decidePenalty(c: Cmd<'tournament.apply-penalty'>, state: TournamentState): TournamentEvent[] {
  const t = requireOpen(state);
  const p = requirePlayer(t, c.player, 'player');
  if (typeof c.points !== 'number' || !Number.isFinite(c.points) || c.points <= 0)
    invalid('tournament/penalty-points', `penalty points must be a positive number, got ${c.points}`, RULES.penalty, 'points');
  if (!c.reason?.trim() || !c.ref?.trim())
    invalid('tournament/penalty-reason', 'a penalty carries a reason and a ledger ref', RULES.penalty, c.reason?.trim() ? 'ref' : 'reason');
  const round = c.round ?? Math.max(1, lastPairedRound(t, p.division));
  if (!isPositiveInt(round)) invalid('tournament/penalty-round', 'round must be a positive integer', RULES.penalty, 'round');
  // A ledger ref names one penalty: the same ref again would count the points twice (RULES.penaltyRefUnique).
  const ref = c.ref.trim();
  const first = t.penalties.find((x) => x.ref.trim() === ref);
  if (first)
    refuse(
      'tournament/penalty-ref-taken',
      `penalty ref "${ref}" is already recorded (tournament.PenaltyApplied: ${first.points} points to player ${first.player} in round ${first.round}, "${first.reason}")`,
      RULES.penaltyRefUnique,
      { field: 'ref', details: { first: { ref: first.ref, player: first.player, round: first.round, points: first.points, reason: first.reason } } },
    );
  return [{ type: 'tournament.PenaltyApplied', data: { player: p.id, points: c.points, round, reason: c.reason, ref: c.ref } }];
}
