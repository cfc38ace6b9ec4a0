/**
 * A typed client of the Arbitra API, generated from the OpenAPI document the server serves: the paths, bodies,
 * parameters and answers are `arbitra-api.generated.ts` (openapi-typescript, `node scripts/openapi-client.mjs`),
 * the calls openapi-fetch's. A wrong path, a body the document does not allow or a misread answer does not compile.
 */
import createClient from 'openapi-fetch';
import type { paths } from './arbitra-api.generated.js';

export type ArbitraPaths = paths;

export function arbitraClient(baseUrl: string, token?: string) {
  return createClient<paths>({ baseUrl, headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });
}
