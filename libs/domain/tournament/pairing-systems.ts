/** Which pairing systems a discipline may use and which it gets when the tournament names none. */
import type { PairingSystem } from '../pairing/types.js';
import type { Discipline } from '../standings/results.js';

/** The system a tournament of the discipline gets when its creation names none (chess: the FIDE Dutch system, C.04.3). */
export const DEFAULT_PAIRING_SYSTEMS: Readonly<Partial<Record<Discipline, readonly PairingSystem[]>>> = { 'chess-rapid': ['fide-dutch'] };

/** Systems written for one discipline's rules (FIDE Dutch reads chess colours and FIDE bye rules; McMahon, Go ranks). */
export const SYSTEM_DISCIPLINES: Readonly<Partial<Record<PairingSystem, readonly Discipline[]>>> = { 'fide-dutch': ['chess-rapid'], mcmahon: ['go'] };
