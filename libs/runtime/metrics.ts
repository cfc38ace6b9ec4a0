import { createServer, type Server } from 'node:http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { CommandObserver } from './command-handler.js';

/** Prometheus metrics for one Arbitra instance (its own registries, so tests do not share state). */
export class ArbitraMetrics implements CommandObserver {
  /** Every metric: for an admin token and the internal metrics port. A metric registered here only is private. */
  readonly registry = new Registry();
  /**
   * What an anonymous `/metrics` shows (ARBITRA_METRICS_PUBLIC=true): process metrics and read counts, nothing that
   * moves with a recorded event, published or not (the log's head, lag, commands, appends: issue 32).
   */
  readonly publicRegistry = new Registry();
  private readonly commands = new Counter({
    name: 'arbitra_commands_total',
    help: 'Commands handled, by aggregate and outcome',
    labelNames: ['aggregate', 'outcome'],
    registers: [this.registry],
  });
  private readonly latency = new Histogram({
    name: 'arbitra_command_duration_seconds',
    help: 'Command handling time from load to append',
    labelNames: ['aggregate'],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [this.registry],
  });
  private readonly appended = new Counter({
    name: 'arbitra_events_appended_total',
    help: 'Events appended to the log',
    labelNames: ['aggregate'],
    registers: [this.registry],
  });
  private readonly conflicts = new Counter({
    name: 'arbitra_append_conflicts_total',
    help: 'Appends refused for a stale expected revision (then retried or 412)',
    labelNames: ['aggregate'],
    registers: [this.registry],
  });

  private readonly reads = new Counter({
    name: 'arbitra_http_reads_total',
    help: 'Successful GET/HEAD answers (status below 400): counted here, logged per request at debug only',
    registers: [this.registry, this.publicRegistry],
  });

  constructor(probe: { head: () => Promise<number>; checkpoints: () => Record<string, number> }, defaults = true) {
    if (defaults) {
      collectDefaultMetrics({ register: this.publicRegistry, prefix: 'arbitra_process_' });
      for (const { name } of this.publicRegistry.getMetricsAsArray()) {
        const metric = this.publicRegistry.getSingleMetric(name);
        if (metric && !this.registry.getSingleMetric(name)) this.registry.registerMetric(metric);
      }
    }
    new Gauge({
      name: 'arbitra_log_head_position',
      help: 'Global position of the last event in the log',
      registers: [this.registry],
      async collect() {
        this.set(await probe.head());
      },
    });
    new Gauge({
      name: 'arbitra_projection_lag_events',
      help: 'Events in the log not yet applied to a read model',
      labelNames: ['projection'],
      registers: [this.registry],
      async collect() {
        const head = await probe.head();
        for (const [projection, position] of Object.entries(probe.checkpoints())) this.set({ projection }, Math.max(0, head - position));
      },
    });
  }

  onCommand(aggregate: string, outcome: string, seconds: number): void {
    this.commands.inc({ aggregate, outcome });
    this.latency.observe({ aggregate }, seconds);
  }

  /** A successful read answered (the request log writes it at debug, not info). */
  onRead(): void {
    this.reads.inc();
  }

  onConflict(aggregate: string): void {
    this.conflicts.inc({ aggregate });
  }

  onAppend(aggregate: string, events: number): void {
    this.appended.inc({ aggregate }, events);
  }
}

/**
 * `/metrics` on a port of its own (ARBITRA_METRICS_PORT), without a token: for a scraper on a
 * private interface (ARBITRA_METRICS_HOST, default 127.0.0.1). Anything else on it is 404.
 */
export async function startMetricsServer(metrics: ArbitraMetrics, host: string, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found: this port serves GET /metrics only\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      (e: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${(e as Error).message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
