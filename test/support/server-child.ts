import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A TCP port free on 127.0.0.1 now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * Starts a built server (`main`) as a child process with `env` (logs at warn), resolving once its output holds every
 * line in `readyWhen`; rejects with its output if it exits first.
 */
export function startServer(main: string, env: Record<string, string>, readyWhen: readonly string[]): Promise<{ child: ChildProcess; output: string }> {
  const child = spawn(process.execPath, [main], { env: { ...process.env, ...env, ARBITRA_LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', () => {
      if (readyWhen.every((s) => out.includes(s))) resolve({ child, output: out });
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
}

/** SIGTERM, resolved once the child has exited. */
export function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
