import type { ContestableDecision } from '../discipline-kit/descriptor.js';
import { registryView } from '../discipline-kit/registry.js';
import type { ContestedKind } from './appeals.types.js';

/**
 * Decisions every tournament records, whatever its discipline: results, pairings, penalties and appeal decisions. A
 * ledger penalty's ground is its kind and offence code (`warning:etiquette`): a correction (a warning) and a sanction
 * for the same offence are not the same decision.
 */
const SHARED_DECISIONS: readonly ContestableDecision[] = [
  { type: 'appeals.AppealDecided', kind: 'appeal-decision' },
  { type: 'tournament.RoundPaired', kind: 'pairing' },
  { type: 'tournament.ResultRecorded', kind: 'result' },
  { type: 'tournament.ResultCorrected', kind: 'result' },
  { type: 'tournament.PenaltyApplied', kind: 'penalty' },
  {
    type: 'penalties.PenaltyIssued',
    kind: 'penalty',
    ground: (data) => {
      const d = (data ?? {}) as { kind?: unknown; offence?: unknown };
      return typeof d.offence === 'string' ? `${String(d.kind)}:${d.offence}` : null;
    },
  },
  { type: 'penalties.PenaltyReduced', kind: 'penalty' },
];

/** Every contestable decision by event type: the shared ones and each registered discipline's (its descriptor's list). */
const BY_TYPE = registryView((ds) => [...SHARED_DECISIONS, ...ds.flatMap((d) => d.appeals.decisions)].map((x) => [x.type, x] as const));

/** The decision an event type records, or undefined when it records none (it cannot be appealed). */
export function contestableDecision(type: string): ContestableDecision | undefined {
  return Object.hasOwn(BY_TYPE, type) ? BY_TYPE[type] : undefined;
}

/** What a recorded event decided and on what ground: 'other' when it is no decision. */
export function decisionKindOf(type: string, data: unknown): { kind: ContestedKind; ground: string | null } {
  const d = contestableDecision(type);
  if (!d) return { kind: 'other', ground: null };
  const ground = d.ground?.(data) ?? null;
  return { kind: ground !== null && d.rulingGrounds?.includes(ground) ? 'ruling' : d.kind, ground };
}
