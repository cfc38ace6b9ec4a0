/**
 * The OpenAPI document the records server serves at /docs-json, from the built server on a throwaway data
 * directory, without listening on a port. `node scripts/openapi-document.mjs [file]` writes it (default
 * dist/openapi.json): `npm run lint:openapi` lints it with Redocly's recommended rules (redocly.yaml), and
 * scripts/openapi-client.mjs generates the typed client's types from it. Needs `npm run build` first.
 */
import 'reflect-metadata';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

export async function openApiDocument() {
  const dataDir = mkdtempSync(join(tmpdir(), 'arbitra-openapi-'));
  const { loadConfig } = await import(join(root, 'dist/libs/runtime/config.js'));
  const { startRecords } = await import(join(root, 'dist/apps/records/bootstrap.js'));
  const { default: pino } = await import('pino');
  const config = loadConfig({ ...process.env, ARBITRA_DATA_DIR: dataDir, ARBITRA_SQLITE_SYNC: 'OFF' });
  const { app, core } = await startRecords(config, pino({ level: 'silent' }));
  try {
    const answer = await app.getHttpAdapter().getInstance().inject({ method: 'GET', url: '/docs-json' });
    if (answer.statusCode !== 200) throw new Error(`GET /docs-json answered ${answer.statusCode}`);
    return JSON.parse(answer.body);
  } finally {
    await app.close();
    await core.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && new URL(import.meta.url).pathname === process.argv[1]) {
  const out = process.argv[2] ?? join(root, 'dist/openapi.json');
  writeFileSync(out, `${JSON.stringify(await openApiDocument(), null, 2)}\n`);
  process.stdout.write(`OpenAPI document written to ${out}\n`);
}
