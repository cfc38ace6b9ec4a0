import 'reflect-metadata';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../libs/runtime/config.js';
import { describeStore } from '../../libs/runtime/store-selection.js';
import { loadAuditConfig } from './audit-config.js';
import { BrokenLogError } from './audit-wiring.js';
import { startRecords } from './bootstrap.js';
import { closeOnSignal } from './shutdown.js';
import { createLogger } from '../../libs/runtime/logger.js';

const config = loadConfig();
const logger = createLogger(config.logLevel);
let started;
try {
  started = await startRecords(config, logger, loadAuditConfig(process.env, process.argv.slice(2)));
} catch (e) {
  if (!(e instanceof BrokenLogError)) throw e;
  logger.fatal({ firstProblem: e.report.firstProblem }, e.message);
  process.stderr.write(`${e.message}\n`);
  process.exit(3);
}
const { app, core, bootstrapToken, bootstrapTokenId, integrity } = started;
await app.listen({ port: config.port, host: config.host });
// Tells `npm run arbitra -- replay` that this data directory is in use (read models are live).
const pidFile = join(config.dataDir, 'server.pid');
writeFileSync(pidFile, `${process.pid}\n`);
// The stop handler is in place before the banner says the server is up: a SIGTERM right after it is a clean stop.
closeOnSignal(logger, async () => {
  await app.close();
  await core.close();
  rmSync(pidFile, { force: true });
});

const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
const lines = [
  `Arbitra records server listening on ${url}`,
  `  API docs:  ${url}/docs`,
  `  data:      ${config.dataDir} (read models read-models.db)`,
  `  events:    ${describeStore(config)}`,
  `  log head:  position ${await core.store.headPosition()}`,
  `  log check: ${integrity.ok ? 'every hash chain and checkpoint verified' : `BROKEN (${integrity.firstProblem}); serving because of --allow-broken-log`}`,
  `  metrics:   ${config.metricsPort !== undefined ? `http://${config.metricsHost}:${config.metricsPort}/metrics` : `${url}/metrics (${config.metricsPublic ? 'public' : 'admin token'})`}`,
];
if (bootstrapToken) {
  lines.push(
    '',
    'First start: bootstrap admin token (shown once, valid 7 days; issue others with `npm run token`):',
    `  ${bootstrapToken}`,
    `  token id (jti): ${bootstrapTokenId}  (revoke it with \`npm run arbitra -- revoke --jti ${bootstrapTokenId} --reason ...\` once you have issued others)`,
  );
}
process.stdout.write(`${lines.join('\n')}\n`);
