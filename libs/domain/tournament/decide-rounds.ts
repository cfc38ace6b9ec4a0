import { invalid, notFound, refuse } from '../kernel/errors.js';
import { requireOpen } from './decide-setup.js';
import { resolveDivision } from './division.js';
import { byeResult } from './result-input.js';
import { byeHolders, validatePairing, type ProposedPairing } from './pairing-validation.js';
import { RULES } from './rules.js';
import { checkRoundsPerDay } from './rounds-per-day.js';
import type { TournamentCommandData } from './tournament.commands.js';
import type { PairingMethod, TournamentEvent } from './tournament.events.js';
import { lastPairedRound, missingResults, roundKey, type OpenTournament, type RoundState, type TournamentState } from './tournament.state.js';

type Cmd<T extends keyof TournamentCommandData> = TournamentCommandData[T];

export function requireRound(t: OpenTournament, division: string, round: number): RoundState {
  const r = t.rounds[roundKey(division, round)];
  if (!r) notFound('tournament/unknown-round', `round ${round} of ${division} has not been paired`, 'round');
  return r;
}

export function decidePairRound(c: Cmd<'tournament.pair-round'>, state: TournamentState): TournamentEvent[] {
  const t = requireOpen(state);
  const division = resolveDivision(t, c.division);
  if (!Number.isInteger(c.round) || c.round < 1)
    invalid('tournament/round-number', `round must be a positive integer, got ${c.round}`, RULES.roundOrder, 'round');
  const last = lastPairedRound(t, division);
  if (c.round !== last + 1)
    refuse('tournament/round-out-of-order', `round ${c.round} cannot be paired: the next round of ${division} is ${last + 1}`, RULES.roundOrder, {
      field: 'round',
    });
  if (t.roundsPlanned !== null && c.round > t.roundsPlanned)
    refuse('tournament/rounds-planned-exceeded', `round ${c.round} cannot be paired: ${t.roundsPlanned} rounds are planned`, RULES.roundsPlanned, {
      field: 'round',
    });
  if (last > 0) {
    const missing = missingResults(requireRound(t, division, last));
    if (missing.length > 0)
      refuse(
        'tournament/round-incomplete',
        `round ${c.round} cannot be paired: round ${last} has ${missing.length} result${missing.length === 1 ? '' : 's'} missing`,
        RULES.roundIncomplete,
        {
          field: 'round',
          details: { tables: missing },
        },
      );
  }

  checkRoundsPerDay(t, division, c.round, c.day);

  const input = c.pairing;
  let method: PairingMethod;
  let proposed: ProposedPairing;
  let explanation: readonly string[];
  switch (input.kind) {
    case 'system': {
      if (!t.pairingSystems.includes(input.system))
        refuse(
          'tournament/pairing-system-not-allowed',
          `${input.system} is not among this tournament's pairing systems (${t.pairingSystems.join(', ')})`,
          RULES.pairingSystem,
          { field: 'pairing.system' },
        );
      if (input.result.system !== input.system)
        invalid(
          'tournament/pairing-system-mismatch',
          `the pairing result comes from ${input.result.system}, not ${input.system}`,
          RULES.pairingSystem,
          'pairing.result',
        );
      if (input.result.round !== c.round)
        invalid(
          'tournament/pairing-round-mismatch',
          `the pairing result is for round ${input.result.round}, not ${c.round}`,
          RULES.pairingSystem,
          'pairing.result',
        );
      if (!input.seed)
        invalid('tournament/pairing-seed-required', 'a system pairing records its seed so it can be replayed', RULES.pairingSystem, 'pairing.seed');
      method = { kind: 'system', system: input.system, seed: input.seed, ...(input.options !== undefined && { options: input.options }) };
      proposed = input.result;
      explanation = input.result.explanation;
      break;
    }
    case 'manual': {
      if (!input.reason?.trim()) invalid('tournament/reason-required', 'a manual pairing needs a reason', RULES.manualReason, 'pairing.reason');
      method = { kind: 'manual', reason: input.reason };
      proposed = { games: input.games, tables: input.tables, bye: input.bye, ...(input.byes !== undefined && { byes: input.byes }), repeats: [] };
      explanation = [`manual pairing: ${input.reason}`];
      break;
    }
  }
  validatePairing(t, division, c.round, proposed, method.kind === 'system' ? method.system : undefined);
  const byes = byeHolders(proposed);

  const events: TournamentEvent[] = [
    {
      type: 'tournament.RoundPaired',
      data: {
        division,
        round: c.round,
        method,
        games: proposed.games.map((g) => ({ table: g.table, first: g.first, second: g.second, ...(g.handicap !== undefined && { handicap: g.handicap }) })),
        tables: proposed.tables.map((x) => ({ table: x.table, seats: x.seats.map((s) => ({ player: s.player, wind: s.wind })) })),
        bye: proposed.bye,
        ...(byes.length > 1 && { byes: [...byes] }),
        ...(method.kind === 'system' &&
          method.system === 'knockout' &&
          proposed.out !== undefined &&
          proposed.out.length > 0 && { out: proposed.out.map((o) => ({ player: o.player, why: o.why })) }),
        repeats: proposed.repeats.map((r) => ({ a: r.a, b: r.b, why: r.why })),
        explanation: [...explanation],
        ...(c.day !== undefined && { day: c.day }),
      },
    },
  ];
  // Every bye is recorded as a result when the round is paired; its value comes from the profile at standings time.
  for (const bye of byes)
    events.push({
      type: 'tournament.ResultRecorded',
      data: { division, round: c.round, table: null, result: byeResult(c.round, bye), source: { kind: 'pairing' } },
    });
  return events;
}

export function decidePublish(c: Cmd<'tournament.publish-round'>, state: TournamentState): TournamentEvent[] {
  const t = requireOpen(state);
  const division = resolveDivision(t, c.division);
  const r = requireRound(t, division, c.round);
  if (r.status !== 'paired')
    refuse('tournament/round-already-published', `round ${c.round} of ${division} is already ${r.status}`, RULES.publishOnce, { field: 'round' });
  return [{ type: 'tournament.RoundPublished', data: { division, round: c.round } }];
}

export function decideLock(c: Cmd<'tournament.lock-round'>, state: TournamentState): TournamentEvent[] {
  const t = requireOpen(state);
  const division = resolveDivision(t, c.division);
  const r = requireRound(t, division, c.round);
  if (r.status === 'locked')
    refuse('tournament/round-already-locked', `round ${c.round} of ${division} is already locked`, RULES.lockComplete, { field: 'round' });
  if (r.status === 'paired')
    refuse('tournament/round-not-published', `round ${c.round} of ${division} is not published yet`, RULES.notPublished, { field: 'round' });
  const missing = missingResults(r);
  if (missing.length > 0)
    refuse(
      'tournament/round-incomplete',
      `round ${c.round} cannot be locked: ${missing.length} result${missing.length === 1 ? '' : 's'} missing`,
      RULES.lockComplete,
      {
        field: 'round',
        details: { tables: missing },
      },
    );
  return [{ type: 'tournament.RoundLocked', data: { division, round: c.round } }];
}
