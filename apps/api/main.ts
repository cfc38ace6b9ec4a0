import 'reflect-metadata';
import { loadAuditConfig } from '../records/audit-config.js';
import { BrokenLogError } from '../records/audit-wiring.js';
import { startRecords } from '../records/bootstrap.js';
import { loadConfig } from '../../libs/runtime/config.js';
import { describeStore } from '../../libs/runtime/store-selection.js';
import { closeOnSignal } from '../records/shutdown.js';
import { createLogger } from '../../libs/runtime/logger.js';
import { postgresDependency, startAtStart } from '../../libs/runtime/dependency-wait.js';

// The api service of the distributed mode: HTTP commands and the reads served from the store, stateless
// (several replicas on one PostgreSQL; every revision is decided by the database). It is the records
// app's command path; its read models (`read-models.db` in its own data dir) follow the shared log for the
// command side and process managers only: the public GET read models are the projector's.
// Reads ArbitraConfig (libs/runtime/config.ts) and the audit settings (apps/records/audit-config.ts).
const config = loadConfig();
const logger = createLogger(config.logLevel);
if (config.store === 'sqlite') {
  logger.warn('ARBITRA_STORE=sqlite: this api replica has its own log; run several replicas only on ARBITRA_STORE=postgres');
}
if (!config.jwtSecret) {
  logger.warn('ARBITRA_JWT_SECRET is not set: tokens of this replica are not accepted by the others (each data dir generates its own)');
}
// PostgreSQL not reachable yet (the whole deployment starting at once, the database restarting), or gone between that
// check and the store opening: wait, not ready, and retry.
let started;
try {
  started = await startAtStart(
    config.store === 'postgres' ? [postgresDependency(config.pgUrl!)] : [],
    () => startRecords(config, logger, loadAuditConfig(process.env, process.argv.slice(2))),
    { logger, health: { port: config.port, host: config.host } },
  );
} catch (e) {
  if (!(e instanceof BrokenLogError)) throw e;
  logger.fatal({ firstProblem: e.report.firstProblem }, e.message);
  process.exit(3);
}
const { app, core, bootstrapToken } = started;
await app.listen({ port: config.port, host: config.host });
// The stop handler is in place before the banner says the server is up: a SIGTERM right after it is a clean stop.
closeOnSignal(logger, async () => {
  await app.close();
  await core.close();
});
const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
const lines = [`Arbitra api listening on ${url}`, `  events:   ${describeStore(config)}`, `  log head: position ${await core.store.headPosition()}`];
if (bootstrapToken) lines.push('', 'First start of this data dir: bootstrap admin token (shown once, valid 7 days):', `  ${bootstrapToken}`);
process.stdout.write(`${lines.join('\n')}\n`);
