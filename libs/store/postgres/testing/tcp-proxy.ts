import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP forwarder in front of a real server, for fault tests that must not disturb the shared test cluster:
 * `cut()` drops every open connection and refuses new ones (ECONNREFUSED), as a server going away does;
 * `restore()` listens again on the same port.
 */
export class TcpProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** A proxy to the host and port of `url`; `url` rewritten to go through it comes back. */
  static async forUrl(url: string): Promise<{ proxy: TcpProxy; url: string }> {
    const u = new URL(url);
    const proxy = new TcpProxy(u.hostname, Number(u.port || 5432));
    await proxy.restore();
    u.port = String(proxy.port);
    return { proxy, url: u.toString() };
  }

  /** Connections accepted since the proxy was made. */
  accepted = 0;

  /**
   * Listens (again) on the proxy's port. With `onlyOne`, it stops listening the moment it accepts a connection: that
   * one is forwarded, the next ones are refused, as a server that goes away right after answering once.
   */
  restore(options: { onlyOne?: boolean } = {}): Promise<void> {
    const server = createServer((client) => {
      this.accepted++;
      if (options.onlyOne) server.close();
      const upstream = connect(this.targetPort, this.targetHost);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => (client.destroy(), upstream.destroy()));
      }
      client.pipe(upstream).pipe(client);
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        this.port = (server.address() as { port: number }).port;
        resolve();
      });
    });
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (server?.listening ? server.close(() => resolve()) : resolve()));
  }

  /** True while new connections are accepted. */
  get listening(): boolean {
    return this.server?.listening ?? false;
  }

  /** Connections open through the proxy (each side counted). */
  get open(): number {
    return this.sockets.size;
  }
}
