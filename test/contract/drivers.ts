import { SERVED } from '../../libs/domain/discipline-kit/registry.js';
import { TEST_DISCIPLINES } from '../support/test-disciplines.js';
import type { Driver } from './driver.js';

export type { Driver, Table } from './driver.js';

/**
 * One driver per registered discipline (the suite checks that none is missing): a served discipline's is
 * `test/contract/drivers/<folder>.ts` (loaded in the registry's order), a test build's discipline brings its own.
 */
export const DRIVERS: readonly Driver[] = [...(await servedDrivers()), ...TEST_DISCIPLINES.map((t) => t.driver)];
/** The drivers of the disciplines the server ships (the registry's), without a test build's. */
export const SERVED_DRIVERS: readonly Driver[] = DRIVERS.filter((d) => SERVED.some((s) => s.id === d.discipline));

async function servedDrivers(): Promise<Driver[]> {
  const drivers: Driver[] = [];
  for (const d of SERVED) {
    const loaded = (await import(`./drivers/${d.folder}.js`)) as { DRIVER?: Driver };
    if (loaded.DRIVER?.discipline !== d.id) throw new Error(`test/contract/drivers/${d.folder}.ts exports no DRIVER of ${d.id}`);
    drivers.push(loaded.DRIVER);
  }
  return drivers;
}
