import type { Feature } from '../../arbitra-core.js';
import { gamePenaltiesToLedger } from './game-penalties.process.js';
import { ledgerProjection } from './ledger.projection.js';
import { PenaltiesAggregate } from './penalties.aggregate.js';

export { PenaltiesAggregate };

export const PENALTIES_FEATURE: Feature = {
  name: 'penalties',
  aggregates: [PenaltiesAggregate],
  projections: [ledgerProjection],
  // Penalties recorded inside linked games (chess, Scrabble), copied into their tournament's ledger.
  processManagers: [gamePenaltiesToLedger],
};
