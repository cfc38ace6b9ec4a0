/** Which pairing systems a discipline may use and which it gets when the tournament names none: views of the descriptors. */
import { registryView } from '../discipline-kit/registry.js';
import type { PairingSystem } from '../pairing/types.js';
import type { Discipline } from '../standings/results.js';

/** The system a tournament of the discipline gets when its creation names none (each descriptor's `pairing.default`). */
export const DEFAULT_PAIRING_SYSTEMS: Readonly<Partial<Record<Discipline, readonly PairingSystem[]>>> = registryView((ds) =>
  ds.flatMap((d) => (d.pairing.default ? [[d.id, d.pairing.default] as const] : [])),
);

/** Systems written for one discipline's rules (each descriptor's `pairing.systems`), with the disciplines that may use them. */
export const SYSTEM_DISCIPLINES: Readonly<Partial<Record<PairingSystem, readonly Discipline[]>>> = registryView((ds) => {
  const systems = [...new Set(ds.flatMap((d) => d.pairing.systems))];
  return systems.map((s) => [s, ds.filter((d) => d.pairing.systems.includes(s)).map((d) => d.id)] as const);
});
