import type { Actor, CommandContext } from '../../kernel/command.js';
import type { AppealCommand, AppealCommandData, AppealEvent, ContestedDecision } from '../appeals.types.js';
import type { Discipline } from '../../standings/results.js';

export const T = (min: number) => new Date(Date.UTC(2026, 10, 29, 10, 0, 0) + min * 60_000).toISOString();
export const ANN: Actor = { id: 'ann', role: 'player' };
export const CHIEF: Actor = { id: 'chief-wong', role: 'chief-arbiter' };
export const ARBITER: Actor = { id: 'arb-li', role: 'arbiter' };

export function ctx(actor: Actor, at: string, commandId = `c-${at}`): CommandContext {
  return { actor, at, commandId };
}

export function cmd<K extends keyof AppealCommandData>(type: K, data: AppealCommandData[K], actor: Actor = CHIEF, at = T(20)): AppealCommand {
  return { type, data, context: ctx(actor, at) } as AppealCommand;
}

/** A challenge adjudication by arbiter arb-li at 10:00; the session (game) ended at 10:10. */
export const CONTESTED: ContestedDecision = {
  eventId: 'evt-verdict',
  stream: 'scrabble-game-g1',
  type: 'scrabble.ChallengeResolved',
  kind: 'challenge-adjudication',
  recordedAt: T(0),
  sessionEndedAt: T(10),
  decidedBy: ARBITER,
  parties: ['ann', 'bob'],
  officials: ['arb-li'],
};

export function lodgeData(over: Partial<AppealCommandData['appeals.lodge']> = {}): AppealCommandData['appeals.lodge'] {
  return {
    appealId: 'a1',
    tournamentId: 'open',
    discipline: 'scrabble' as Discipline,
    appellant: { id: 'ann', capacity: 'player', forPlayer: 'ann' },
    contested: CONTESTED,
    grounds: 'QI was ruled invalid; it is in the lexicon',
    remedySought: 'the play stands and the result is corrected',
    ...over,
  };
}

/** The record of an appeal up to a step, for given/when/then. */
export function history(upTo: 'lodged' | 'acknowledged' | 'committee' | 'scheduled' | 'heard' | 'decided'): AppealEvent[] {
  const by = CHIEF;
  const events: AppealEvent[] = [
    {
      type: 'appeals.AppealLodged',
      data: {
        ...lodgeData(),
        profile: 'wespa-scrabble',
        lodgedWith: 'tournament-committee',
        form: 'written',
        deposit: null,
        deadline: { from: 'session-end', minutes: 30, at: T(40), rule: 'x' },
        late: null,
        by: ANN,
        at: T(20),
      },
    },
  ];
  const steps: AppealEvent[] = [
    { type: 'appeals.AppealAcknowledged', data: { by, at: T(21) } },
    {
      type: 'appeals.CommitteeFormed',
      data: {
        members: [
          { id: 'c1', name: 'Chair One', role: 'chair', federation: null },
          { id: 'c2', name: 'Member Two', role: 'member', federation: null },
          { id: 'c3', name: 'Member Three', role: 'member', federation: null },
        ],
        rule: 'x',
        by,
        at: T(22),
      },
    },
    { type: 'appeals.HearingScheduled', data: { hearingAt: T(60), place: 'Room 2', by, at: T(23) } },
    { type: 'appeals.HearingHeld', data: { present: ['c1', 'c2', 'c3', 'ann', 'bob'], minutes: 'heard both players', by, at: T(61) } },
    {
      type: 'appeals.AppealDecided',
      data: {
        appealId: 'a1',
        tournamentId: 'open',
        outcome: 'dismissed',
        reasons: 'r',
        votes: [],
        remedies: [],
        deposit: null,
        final: true,
        finalityRule: 'x',
        by: { id: 'c1', role: 'appeals-committee' },
        at: T(70),
      },
    },
  ];
  const n = { lodged: 0, acknowledged: 1, committee: 2, scheduled: 3, heard: 4, decided: 5 }[upTo];
  return [...events, ...steps.slice(0, n)];
}
