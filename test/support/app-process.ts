import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;

/** The built entry point of an app (`npm run build` first). */
export const distApp = (app: string) => join(root, `dist/apps/${app}/main.js`);

/** One built app (api, relay, projector) as a child process, its output kept for waits and reports. */
export class AppProcess {
  output = '';
  readonly child: ChildProcess;
  constructor(
    readonly name: string,
    app: string,
    env: Record<string, string>,
  ) {
    this.child = spawn(process.execPath, [distApp(app)], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child.stdout!.on('data', (d) => (this.output += d));
    this.child.stderr!.on('data', (d) => (this.output += d));
  }
  /** True until the process ends, whatever ended it. */
  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }
  /** Resolves once the output contains `text` (rejects if the process exits first or after `timeoutMs`). */
  waitFor(text: string | RegExp, timeoutMs = 60_000, from = 0): Promise<void> {
    const found = () => (typeof text === 'string' ? this.output.includes(text, from) : text.test(this.output.slice(from)));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => (clearInterval(poll), reject(new Error(`${this.name}: no "${String(text)}" in ${timeoutMs} ms:\n${this.output}`))),
        timeoutMs,
      );
      const poll = setInterval(() => {
        if (found()) return (clearTimeout(timer), clearInterval(poll), resolve());
        if (!this.alive) return (clearTimeout(timer), clearInterval(poll), reject(new Error(`${this.name} exited:\n${this.output}`)));
      }, 50);
    });
  }
  kill9(): Promise<void> {
    return new Promise((resolve) => {
      if (!this.alive) return resolve();
      this.child.once('exit', () => resolve());
      this.child.kill('SIGKILL');
    });
  }
}

/** Polls `check` every 100 ms for at most `limitMs` (generous: the machine may be busy); rejects naming `what`. */
export async function until(what: string, check: () => boolean | Promise<boolean>, limitMs = 120_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${limitMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
