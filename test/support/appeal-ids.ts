import type { Response } from 'supertest';

/**
 * The appeal ids the server made (issue 32), by the `appealId` a test lodged with (its key): tests name appeals
 * by that key and read the server's id from the lodging's answer.
 */
export class AppealIds {
  private readonly ids = new Map<string, string>();

  /** Keeps the server's id of a lodging answered 201 (`events[0].data.appealId`). */
  record(path: string, body: object, r: Response): Response {
    const key = (body as { appealId?: unknown }).appealId;
    if (path === '/v1/appeals' && r.status === 201 && typeof key === 'string') this.ids.set(key, r.body.events[0].data.appealId as string);
    return r;
  }

  /** The server's id of the appeal lodged with this key (a test error if none was). */
  of(key: string): string {
    const id = this.ids.get(key);
    if (id === undefined) throw new Error(`no appeal was lodged with appealId ${key}`);
    return id;
  }
}
