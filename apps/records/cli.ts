import 'reflect-metadata';
import cliProgress from 'cli-progress';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { dutchCheckCommand } from './dutch-check.js';
import { randomTournamentCommand } from './random-tournament.js';
import { trfCheckCommand } from './trf-import-check.js';
import { TokenService } from '../../libs/api/auth/token.service.js';
import { ROLES, TOURNAMENT_SCOPED, type TokenRole } from '../../libs/api/auth/principal.js';
import { ArbitraCore } from '../../libs/runtime/arbitra-core.js';
import { loadConfig } from '../../libs/runtime/config.js';
import { openSelectedStore } from '../../libs/runtime/store-selection.js';
import { randomUUID } from 'node:crypto';
import { TOKEN_REVOCATIONS_ID, TokenRevocationsAggregate } from '../../libs/runtime/features/auth/index.js';
import { auditCore, exportCommand, keygenCommand, recordsFeatures, verifyCommand } from './audit-commands.js';
import { loadAuditConfig } from './audit-config.js';
import { cliSigning } from './audit-wiring.js';
import { readModelsAhead } from './unsigned-tail.js';
import { clearDeadLetters } from '../../libs/runtime/projector/dead-letters.js';

const USAGE = `usage: npm run arbitra -- <command>
  token   --role <${ROLES.join('|')}> [--sub <id>] [--tournament <id> ...] [--ttl 30d]
          prints the token; its id (jti) and expiry go to stderr. ttl: <n>s|m|h|d|w|y, at most ARBITRA_TOKEN_MAX_TTL (90d)
  revoke  --jti <token id> --reason <text> [--by <who>]   record auth.TokenRevoked: the token is refused from then on
  replay  [--projection <name> ...]   drop and rebuild read models from the log; refuses a log that fails verify
  verify  [--checkpoint <file> ...] [--public-key <file> ...] [--skip-read-models]
          every stream chain, the global chain, the stored checkpoints and the given copies, then the read models
          (rebuilt in memory and compared); exit 1 naming the first problem
  verify  <export.ndjson>             check an export offline (its manifest beside it); exit 1 naming the first altered event
  export  --tournament <id> [--out <file>]   the tournament's history as NDJSON with hashes, and <file>.manifest.json
  keygen  --out <file>                a new Ed25519 checkpoint signing key (set ARBITRA_SIGNING_KEY_FILE to it; never in the data dir)
  dutch-check <file.trf> [--from <round>]   re-pair each round of a TRF-16 file by the FIDE Dutch system (C.04.3) and
          say where its pairs or colours differ; exit 1 when a round differs
  trf-check <file.trf>   what POST /v1/chess/tournaments/import/trf would record from a TRF-16 file (players, rounds,
          not kept, discrepancies), or its refusal naming the line; exit 1 when it would be refused
  random-tournament --players <n> --rounds <r> --seed <s> [--draw-rate x] [--forfeit-rate x] [--bye-rate x]
          [--withdraw-rate x] [--highest-rating n] [--lowest-rating n] [--out <file>]   a random tournament paired by
          the FIDE Dutch system, as TRF-16 (C.04.A); rates are probabilities (0–1); the same seed gives the same file`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  // Needs no data directory or secrets: a file in, a verdict out.
  if (command === 'dutch-check')
    return dutchCheckCommand(
      rest,
      (l) => process.stdout.write(`${l}\n`),
      (l) => process.stderr.write(`${l}\n`),
    );
  if (command === 'random-tournament')
    return randomTournamentCommand(
      rest,
      (t) => process.stdout.write(t),
      (l) => process.stderr.write(`${l}\n`),
    );
  if (command === 'trf-check')
    return trfCheckCommand(
      rest,
      (l) => process.stdout.write(`${l}\n`),
      (l) => process.stderr.write(`${l}\n`),
      new Date().toISOString(),
    );
  const config = loadConfig();
  switch (command) {
    case 'token': {
      const { values } = parseArgs({
        args: rest,
        options: { role: { type: 'string' }, sub: { type: 'string' }, tournament: { type: 'string', multiple: true }, ttl: { type: 'string' } },
      });
      const role = values.role as TokenRole | undefined;
      if (!role || !ROLES.includes(role)) return fail(`--role must be one of ${ROLES.join(', ')}`);
      if (TOURNAMENT_SCOPED.includes(role) && !values.tournament?.length) return fail(`a ${role} token needs --tournament <id> (one or more)`);
      const { tokens } = TokenService.fromDataDir(config.dataDir, config.jwtSecret, { ttl: config.tokenTtl, maxTtl: config.tokenMaxTtl });
      let issued;
      try {
        issued = tokens.issueWithId({ sub: values.sub ?? `${role}-cli`, role, tournaments: values.tournament }, values.ttl);
      } catch (e) {
        return fail(`--ttl refused: ${(e as Error).message}`);
      }
      process.stdout.write(`${issued.token}\n`);
      process.stderr.write(`token id (jti): ${issued.jti}, expires ${issued.expiresAt}\n`);
      return 0;
    }
    case 'revoke': {
      const { values } = parseArgs({ args: rest, options: { jti: { type: 'string' }, reason: { type: 'string' }, by: { type: 'string' } } });
      if (!values.jti) return fail('--jti <token id> is required (printed when the token was issued)');
      if (!values.reason?.trim()) return fail('--reason <text> is required: a revocation records why');
      const core = new ArbitraCore({ config, store: await openSelectedStore(config), features: await recordsFeatures() });
      const ctx = { at: new Date().toISOString(), actor: { id: values.by ?? 'cli', role: 'admin' as const }, commandId: randomUUID() };
      try {
        const signing = await cliSigning(core, config.dataDir, loadAuditConfig());
        if (typeof signing === 'string') {
          process.stderr.write(`not revoked: ${signing}\n`);
          return 1;
        }
        const r = await core.execute(TokenRevocationsAggregate, TOKEN_REVOCATIONS_ID, {
          type: 'auth.revoke-token',
          data: { jti: values.jti, reason: values.reason },
          context: ctx,
        });
        await signing.sign();
        process.stdout.write(`revoked ${values.jti} (event at position ${r.position}); a running server refuses it within seconds\n`);
        return 0;
      } catch (e) {
        process.stderr.write(`not revoked: ${(e as Error).message}\n`);
        return 1;
      } finally {
        await core.close();
      }
    }
    case 'replay': {
      const { values } = parseArgs({ args: rest, options: { projection: { type: 'string', multiple: true } } });
      const server = runningServer(config.dataDir);
      if (server)
        return fail(
          `a server (pid ${server}) is using ${config.dataDir}: stop it before replaying its read models (a live server rebuilds a changed projection itself on start)`,
        );
      const core = new ArbitraCore({ config, store: await openSelectedStore(config), features: await recordsFeatures() });
      // Issue 10: read models are never rebuilt from a log that fails verification; issue 32: nor over read models
      // ahead of the log (the only trace of a cut tail, which a replay would erase).
      const audit = await auditCore(core, []);
      const ahead = audit.ok ? readModelsAhead(core, audit.log.head) : null;
      if (!audit.ok || ahead) {
        await core.close();
        process.stderr.write(`refusing to replay: ${ahead ?? `the event log fails verification at ${audit.firstProblem}`}\n`);
        return 1;
      }
      const head = await core.store.headPosition();
      const bar = new cliProgress.SingleBar(
        { format: 'replay |{bar}| {percentage}% {value}/{total} events | {eta_formatted} left', stream: process.stderr },
        cliProgress.Presets.shades_classic,
      );
      bar.start(head, 0);
      const started = performance.now();
      const n = await core.projections.rebuild(values.projection, (p) => bar.update(p));
      bar.update(head);
      bar.stop();
      const seconds = (performance.now() - started) / 1000;
      process.stdout.write(`replayed ${n} events into ${core.projections.projections.length} read models in ${seconds.toFixed(2)} s\n`);
      const failed = core.projections.failures();
      // A projector's dead letters of what was rebuilt are moot now: its /health stops listing them.
      if (Object.keys(failed).length === 0) {
        const cleared = clearDeadLetters(core.readModels.db, values.projection);
        if (cleared > 0) process.stdout.write(`cleared ${cleared} dead letters of the rebuilt read models\n`);
      }
      await core.close();
      for (const [name, f] of Object.entries(failed)) process.stderr.write(`read model ${name} stopped at position ${f.position}: ${f.error}\n`);
      return Object.keys(failed).length > 0 ? 1 : 0;
    }
    case 'verify':
      return verifyCommand(rest, config, runningServer(config.dataDir));
    case 'export':
      return exportCommand(rest, config);
    case 'keygen':
      return keygenCommand(rest, config);
    default:
      return fail(command ? `unknown command ${command}` : 'no command given');
  }
}

/** The pid of a live server on this data directory, if any (a stale pid file is ignored). */
function runningServer(dataDir: string): number | null {
  const file = join(dataDir, 'server.pid');
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

function fail(message: string): number {
  process.stderr.write(`${message}\n${USAGE}\n`);
  return 2;
}

process.exitCode = await main(process.argv.slice(2));
