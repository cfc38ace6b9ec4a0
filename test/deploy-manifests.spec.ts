import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse, parseAllDocuments } from 'yaml';
import { kafkaOptionsFromEnv } from '../libs/bus/kafka/kafka-config.js';
import { loadConfig } from '../libs/runtime/config.js';
import { projectorSettingsFromEnv } from '../libs/runtime/projector/projector-config.js';

// deploy/compose and deploy/k8s against the code: every image, command, port and environment
// variable must be one the apps have and read, and every value must load (issue 16, deploy/).

const ROOT = join(import.meta.dirname, '..');
const read = (p: string) => readFileSync(join(ROOT, p), 'utf8');
const pkg = JSON.parse(read('package.json')) as { version: string };
const IMAGE = `arbitra:${pkg.version}`;
const KAFKA_VERSION = /<kafka\.version>([^<]+)</.exec(read('deploy/kafka/pom.xml'))![1];
const PG_MAJOR = /postgresql\/(\d+)\/bin/.exec(read('deploy/postgres/cluster.sh'))![1];

type App = 'api' | 'relay' | 'projector';

/** The source files whose environment reads make up what each service reads. */
const SOURCES: Record<App, string[]> = {
  api: ['libs/runtime/config.ts', 'apps/records/audit-config.ts', 'apps/api'],
  relay: ['libs/runtime/config.ts', 'libs/bus/kafka/kafka-config.ts', 'apps/relay', 'libs/runtime/leader-lock.ts'],
  projector: ['libs/runtime/config.ts', 'libs/bus/kafka/kafka-config.ts', 'libs/runtime/projector/projector-config.ts', 'apps/projector'],
};
const REQUIRED: Record<App, string[]> = {
  api: ['ARBITRA_STORE', 'ARBITRA_PG_URL', 'ARBITRA_JWT_SECRET'],
  relay: ['ARBITRA_STORE', 'ARBITRA_PG_URL', 'ARBITRA_KAFKA_BROKERS'],
  projector: ['ARBITRA_STORE', 'ARBITRA_PG_URL', 'ARBITRA_KAFKA_BROKERS', 'ARBITRA_JWT_SECRET', 'ARBITRA_PROJECTOR_GROUP'],
};

function envRead(app: App): Set<string> {
  const names = new Set<string>();
  for (const src of SOURCES[app]) {
    const files = src.endsWith('.ts')
      ? [src]
      : readdirSync(join(ROOT, src))
          .filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'))
          .map((f) => `${src}/${f}`);
    for (const f of files) for (const m of read(f).matchAll(/\benv\.([A-Z][A-Z0-9_]+)|\(env, '([A-Z][A-Z0-9_]+)'/g)) names.add(m[1] ?? m[2]);
  }
  return names;
}

/** The app a command runs (`node dist/apps/<app>/main.js`), checked to exist. */
function appOf(command: unknown): App {
  expect(Array.isArray(command)).toBe(true);
  const [node, script] = command as string[];
  expect(node).toBe('node');
  const app = /^dist\/apps\/([a-z]+)\/main\.js$/.exec(script)?.[1] as App | undefined;
  expect(app && Object.keys(SOURCES)).toContain(app);
  expect(existsSync(join(ROOT, `apps/${app}/main.ts`))).toBe(true);
  expect(Object.keys((JSON.parse(read('nest-cli.json')) as { projects: object }).projects)).toContain(app);
  return app!;
}

/** What one service container gets: names known to its app, the required ones present, every value loadable. */
function checkEnv(app: App, env: Record<string, string>, where: string) {
  const known = envRead(app);
  expect(known.has('PORT')).toBe(true); // the scan itself works
  for (const name of Object.keys(env)) if (!known.has(name)) throw new Error(`${where}: ${name} is not read by ${app}`);
  for (const name of REQUIRED[app]) if (!(name in env)) throw new Error(`${where}: ${name} is missing for ${app}`);
  // The manifests' placeholder secret is refused at start: an operator who applies it as written is told to replace it.
  if (env.ARBITRA_JWT_SECRET?.startsWith('change-me')) {
    expect(() => loadConfig(env)).toThrow(/ARBITRA_JWT_SECRET is still the placeholder/);
    env = { ...env, ARBITRA_JWT_SECRET: 'a'.repeat(64) };
  }
  const config = loadConfig(env);
  expect(config.store).toBe('postgres');
  const pg = new URL(config.pgUrl!);
  expect([pg.hostname, pg.port, pg.pathname]).toEqual(['postgres', '5432', '/arbitra']);
  if (app !== 'api') {
    const kafka = kafkaOptionsFromEnv(env)!;
    expect(kafka.brokers).toEqual(['kafka:9092']);
  }
  if (app === 'projector') expect(projectorSettingsFromEnv(env).retries).toBeGreaterThanOrEqual(0);
  return config;
}

describe('deploy/compose/docker-compose.yml', () => {
  const compose = parse(read('deploy/compose/docker-compose.yml'), { merge: true }) as {
    services: Record<string, { image: string; command?: string[]; environment?: Record<string, string>; ports?: string[]; healthcheck?: { test: string[] } }>;
  };
  const services = Object.entries(compose.services);
  const arbitra = services.filter(([, s]) => s.image.startsWith('arbitra:'));

  it('runs PostgreSQL, Kafka (KRaft), api x2, relay x2 and projector x2, with health checks on every HTTP service', () => {
    const counts = { api: 0, relay: 0, projector: 0 };
    for (const [, s] of arbitra) counts[appOf(s.command)]++;
    expect(counts).toEqual({ api: 2, relay: 2, projector: 2 });
    expect(compose.services.postgres.image).toBe(`postgres:${PG_MAJOR}`);
    expect(compose.services.kafka.image).toBe(`apache/kafka:${KAFKA_VERSION}`);
    expect(compose.services.kafka.environment!.KAFKA_PROCESS_ROLES).toBe('broker,controller');
    expect(compose.services.kafka.environment!.KAFKA_ADVERTISED_LISTENERS).toContain('kafka:9092');
    expect(compose.services.postgres.environment!.POSTGRES_DB).toBe('arbitra');
    // The topic on the volume (the image's default is a temporary directory in the container).
    expect(compose.services.kafka.environment!.KAFKA_LOG_DIRS).toBe((compose.services.kafka as unknown as { volumes: string[] }).volumes[0].split(':')[1]);
    for (const [name, s] of services) if (s.ports || name === 'postgres' || name === 'kafka') expect(s.healthcheck).toBeDefined();
  });

  it.each(arbitra.map(([name, s]) => [name, s] as const))('%s: image, command, ports and environment match the app', (name, s) => {
    expect(s.image).toBe(IMAGE);
    const app = appOf(s.command);
    const config = checkEnv(app, s.environment ?? {}, `compose ${name}`);
    for (const p of s.ports ?? []) expect(Number(p.split(':').pop())).toBe(config.port);
    if (s.healthcheck) expect(s.healthcheck.test.join(' ')).toContain(`127.0.0.1:${config.port}/health/ready`);
  });
});

describe('the image build context (.dockerignore)', () => {
  const entries = (file: string) =>
    read(file)
      .split('\n')
      .map((l) => l.trim().replace(/\/$/, ''))
      .filter((l) => l && !l.startsWith('#'));

  it('keeps out everything local the repository ignores (dependencies, builds, data dirs, test clusters) and the secrets', () => {
    // The build stage copies the whole context (`COPY . .`): what .dockerignore lets through lands in the image.
    expect(read('deploy/compose/Dockerfile')).toMatch(/^COPY \. \.$/m);
    const ignored = new Set(entries('.dockerignore'));
    expect(entries('.gitignore').filter((e) => !ignored.has(e))).toEqual([]);
    for (const secret of ['.git', '.env', '.env.*', '*.pem']) expect(ignored).toContain(secret);
  });
});

describe('deploy/k8s', () => {
  type Doc = { kind: string; metadata: { name: string }; data?: Record<string, string>; stringData?: Record<string, string>; spec: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  // The workloads, and the Secrets they read (deploy/k8s/secrets: keys with placeholder values, not applied).
  const docs: Doc[] = ['deploy/k8s', 'deploy/k8s/secrets'].flatMap((dir) =>
    readdirSync(join(ROOT, dir))
      .filter((f) => f.endsWith('.yaml'))
      .flatMap((f) => parseAllDocuments(read(`${dir}/${f}`)).map((d) => d.toJS() as Doc)),
  );
  const byName = (kind: string, name: string) => docs.find((d) => d.kind === kind && d.metadata.name === name);
  const workloads = docs.filter((d) => d.kind === 'Deployment' || d.kind === 'StatefulSet');

  it('has Deployments for api, relay and projector with two replicas each, Services, a ConfigMap and a Secret', () => {
    const apps = workloads.filter((w) => w.spec.template.spec.containers[0].image.startsWith('arbitra:'));
    expect(apps.map((w) => [appOf(w.spec.template.spec.containers[0].command), w.spec.replicas]).sort()).toEqual([
      ['api', 2],
      ['projector', 2],
      ['relay', 2],
    ]);
    expect(docs.some((d) => d.kind === 'ConfigMap')).toBe(true);
    expect(docs.some((d) => d.kind === 'Secret')).toBe(true);
    expect(byName('StatefulSet', 'postgres')!.spec.template.spec.containers[0].image).toBe(`postgres:${PG_MAJOR}`);
    expect(byName('StatefulSet', 'kafka')!.spec.template.spec.containers[0].image).toBe(`apache/kafka:${KAFKA_VERSION}`);
    for (const [svc, port] of [
      ['postgres', 5432],
      ['kafka', 9092],
    ] as const) {
      expect(byName('Service', svc)!.spec.ports[0].port).toBe(port);
      // The StatefulSet's governing Service is headless.
      expect(byName('StatefulSet', svc)!.spec.serviceName).toBe(svc);
      expect(byName('Service', svc)!.spec.clusterIP).toBe('None');
    }
  });

  it("keeps Kafka's log on its volume, writable by the image's user, with the whole history", () => {
    const kafka = byName('StatefulSet', 'kafka')!.spec.template.spec;
    const env = Object.fromEntries((kafka.containers[0].env as Array<{ name: string; value: string }>).map((e) => [e.name, e.value]));
    expect(env.KAFKA_LOG_DIRS).toBe(kafka.containers[0].volumeMounts[0].mountPath);
    expect([env.KAFKA_LOG_RETENTION_MS, env.KAFKA_LOG_RETENTION_BYTES]).toEqual(['-1', '-1']);
    expect(kafka.securityContext.fsGroup).toBe(1000);
  });

  it('takes the PostgreSQL password from a Secret, and gives the api a signing key from a Secret', () => {
    const pgEnv = byName('StatefulSet', 'postgres')!.spec.template.spec.containers[0].env as Array<{ name: string; value?: string; valueFrom?: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
    const password = pgEnv.find((e) => e.name === 'POSTGRES_PASSWORD')!;
    expect(password.value).toBeUndefined();
    expect(byName('Secret', password.valueFrom.secretKeyRef.name)!.stringData![password.valueFrom.secretKeyRef.key]).toBeDefined();
    const api = byName('Deployment', 'arbitra-api')!.spec.template.spec;
    const keyFile = (api.containers[0].env as Array<{ name: string; value: string }>).find((e) => e.name === 'ARBITRA_SIGNING_KEY_FILE')!.value;
    const mount = (api.containers[0].volumeMounts as Array<{ name: string; mountPath: string }>).find((m) => keyFile.startsWith(`${m.mountPath}/`))!;
    expect(api.volumes.find((v: { name: string }) => v.name === mount.name).secret.secretName).toBe('arbitra-signing-key');
  });

  it.each(workloads.filter((w) => w.spec.template.spec.containers[0].image.startsWith('arbitra:')).map((w) => [w.metadata.name, w] as const))(
    '%s: image, command, ports, probes and environment match the app',
    (name, w) => {
      const c = w.spec.template.spec.containers[0];
      expect(c.image).toBe(IMAGE);
      const app = appOf(c.command);
      const env: Record<string, string> = {};
      for (const ref of c.envFrom ?? []) {
        const src = ref.configMapRef ? byName('ConfigMap', ref.configMapRef.name) : byName('Secret', ref.secretRef.name);
        if (!src) throw new Error(`${name}: envFrom names a missing ConfigMap/Secret`);
        Object.assign(env, src.data ?? {}, src.stringData ?? {});
      }
      for (const e of c.env ?? []) env[e.name] = e.value ?? 'from-field-ref';
      const config = checkEnv(app, env, `k8s ${name}`);
      const ports = (c.ports ?? []) as Array<{ name: string; containerPort: number }>;
      for (const p of ports) expect(p.containerPort).toBe(config.port);
      // Every pod can write its volumes as the image's user (node, uid/gid 1000).
      expect(w.spec.template.spec.securityContext?.fsGroup).toBe(1000);
      expect(c.readinessProbe.httpGet.path).toBe('/health/ready');
      expect(c.livenessProbe.httpGet.path).toBe('/health');
      for (const probe of [c.readinessProbe, c.livenessProbe, c.startupProbe].filter(Boolean)) {
        expect(ports.map((p) => p.name)).toContain(probe.httpGet.port);
        expect(probe.timeoutSeconds).toBeGreaterThanOrEqual(5); // a projector catching up took over 900 ms to answer
      }
      if (app === 'relay') {
        expect(read('apps/relay/main.ts')).toContain("request.url === '/health'");
        return; // no Service: nothing is sent to a relay
      }
      const service = docs.find((d) => d.kind === 'Service' && d.spec.selector.app === w.spec.template.metadata.labels.app)!;
      expect(ports.map((p) => p.name)).toContain(service.spec.ports[0].targetPort);
      // /health and /health/ready are the routes the app serves.
      expect(read('libs/api/health.controller.ts')).toContain("fastify.get('/health'");
      expect(read('libs/api/health.controller.ts')).toContain("@Get('health/ready')");
    },
  );
});

/**
 * The manifests against the published schemas, with validators that run offline: the Kubernetes JSON schemas bundled
 * with `kubernetes-validate` (PyPI; ARBITRA_KUBE_VALIDATE names its binary) and the compose-spec schema shipped in the
 * compose-go module (ARBITRA_COMPOSE_SCHEMA names its schema/compose-spec.json), checked with ajv. .ci/run installs
 * both; in CI a missing one fails, elsewhere the check is skipped with a note.
 */
describe('deploy/ against the Kubernetes and compose-spec schemas', () => {
  const kubeValidate = process.env.ARBITRA_KUBE_VALIDATE;
  const composeSchema = process.env.ARBITRA_COMPOSE_SCHEMA;
  const missing = (what: string) => {
    if (process.env.CI === 'true') throw new Error(`${what} is not set: .ci/run installs the validators (see its "deploy/ validators" step)`);
    console.log(`skipped: set ${what} to validate deploy/ against its schema (.ci/run shows how)`);
  };

  it('every k8s manifest is valid for Kubernetes 1.37 (strict: no unknown field), and the validator refuses a broken one', () => {
    if (!kubeValidate) return missing('ARBITRA_KUBE_VALIDATE');
    const files = ['deploy/k8s', 'deploy/k8s/secrets'].flatMap((dir) =>
      readdirSync(join(ROOT, dir))
        .filter((f) => f.endsWith('.yaml'))
        .map((f) => join(ROOT, dir, f)),
    );
    const run = (args: string[]) => spawnSync(kubeValidate, ['--strict', '--kubernetes-version', '1.37.0', ...args], { encoding: 'utf8' });
    const ok = run(files);
    expect(`${ok.stdout}${ok.stderr}`).not.toMatch(/ERROR|failed/i);
    expect(ok.status).toBe(0);
    const broken = join(mkdtempSync(join(tmpdir(), 'arbitra-k8s-')), 'broken.yaml');
    writeFileSync(broken, read('deploy/k8s/relay.yaml').replace('replicas: 2', 'replicas: two').replace('timeoutSeconds: 5', 'timeoutSecs: 5'));
    expect(run([broken]).status).not.toBe(0);
  });

  it('the compose file is valid compose-spec, and the schema refuses a broken one', () => {
    if (!composeSchema) return missing('ARBITRA_COMPOSE_SCHEMA');
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const validate = ajv.compile(JSON.parse(readFileSync(composeSchema, 'utf8')) as object);
    const compose = parse(read('deploy/compose/docker-compose.yml'), { merge: true }) as { services: Record<string, Record<string, unknown>> };
    expect(validate(compose) ? [] : validate.errors).toEqual([]);
    const broken = structuredClone(compose);
    broken.services.relay_1 = { ...broken.services['relay-1'], enviroment: { PORT: '3000' } }; // a misspelt key
    expect(validate(broken)).toBe(false);
  });
});
