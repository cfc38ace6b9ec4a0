/**
 * Polls `condition` every `everyMs` until it holds; rejects after `timeoutMs` with `what` and the
 * last `detail()` so a failing test says what it was waiting for. Bounded: never an open-ended wait.
 */
export async function waitFor(
  condition: () => boolean,
  what: string,
  { timeoutMs = 15_000, everyMs = 10, detail }: { timeoutMs?: number; everyMs?: number; detail?: () => string } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${detail ? `: ${detail()}` : ''}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
