import { describe, expect, it } from '@jest/globals';
import { ChainVerifier, eventHash } from '../hash-chain.js';
import { newEvent } from '../testing/event-store.contract.js';
import type { NewEvent } from '../event-store.port.js';
import {
  COMMAND_STREAM_PREFIX,
  actualRevision,
  commandStream,
  decodeEvent,
  encodeEvents,
  expectedNumber,
  linkEvent,
  linkId,
  repeatedId,
  sameContent,
  streamStateFor,
  type EncodedEvent,
  type KurrentRecord,
} from './kurrentdb-codec.js';

/** What the server hands back for an encoded event: JSON through the wire, revision and position assigned. */
function stored(stream: string, e: EncodedEvent, position: number): KurrentRecord {
  const d = e.data as unknown as { id: string; type: string; data: unknown; metadata: unknown; contentType: string };
  return {
    streamId: stream,
    id: d.id,
    revision: BigInt(e.revision),
    type: d.type,
    isJson: d.contentType === 'application/json',
    data: JSON.parse(JSON.stringify(d.data)),
    metadata: JSON.parse(JSON.stringify(d.metadata)),
    position: { commit: BigInt(position), prepare: BigInt(position) },
  };
}

describe('KurrentDB event encoding', () => {
  it('chains hashes like the SQLite adapter, and what comes back verifies', () => {
    const first = encodeEvents('game-1', { revision: -1, hash: null }, [newEvent('a.A', { x: 1 }), newEvent('a.B', { y: [1, 2] })]);
    const second = encodeEvents('game-1', { revision: first[1].revision, hash: first[1].hash }, [newEvent('a.C', { z: 'ñ→✓' })]);
    expect([...first, ...second].map((e) => e.revision)).toEqual([0, 1, 2]);
    const back = [...first, ...second].map((e, i) => decodeEvent(stored('game-1', e, 1000 + i * 200))!);
    expect(back[0].meta.prevHash).toBeNull();
    expect(back[1].meta.prevHash).toBe(back[0].meta.hash);
    expect(back[2].meta.prevHash).toBe(back[1].meta.hash);
    const v = new ChainVerifier();
    for (const e of back) expect(v.check(e)).toBeNull();
    expect(back.map((e) => e.position)).toEqual([1000, 1200, 1400]);
  });

  it('stores the canonical value of the data, so the stored text re-hashes identically', () => {
    const when = new Date('2026-11-29T10:00:00.000Z');
    const odd = newEvent('a.Odd', { b: 2, a: 1, skipped: undefined, list: [undefined, 1], when });
    const [enc] = encodeEvents('s', { revision: -1, hash: null }, [odd]);
    const back = decodeEvent(stored('s', enc, 500))!;
    expect(back.data).toEqual({ a: 1, b: 2, list: [null, 1], when: {} });
    expect(eventHash(back)).toBe(back.meta.hash);
  });

  it('writes KurrentDB’s $correlationId/$causationId but keeps them out of the port’s meta', () => {
    const e: NewEvent = { ...newEvent(), meta: { ...newEvent().meta, correlationId: 'corr-1', causationId: 'cause-1' } };
    const [enc] = encodeEvents('s', { revision: -1, hash: null }, [e]);
    const metadata = (enc.data as unknown as { metadata: Record<string, unknown> }).metadata;
    expect(metadata).toMatchObject({ $correlationId: 'corr-1', $causationId: 'cause-1' });
    const back = decodeEvent(stored('s', enc, 500))!;
    expect(Object.keys(back.meta).some((k) => k.startsWith('$'))).toBe(false);
    expect(back.meta).toMatchObject({ correlationId: 'corr-1', causationId: 'cause-1', commandId: e.meta.commandId });
    const [noCause] = encodeEvents('s', { revision: -1, hash: null }, [newEvent()]);
    expect((noCause.data as unknown as { metadata: Record<string, unknown> }).metadata).not.toHaveProperty('$causationId');
  });

  it('refuses ids KurrentDB would not store as given (it keeps event ids as UUIDs)', () => {
    expect(() => encodeEvents('s', { revision: -1, hash: null }, [{ ...newEvent(), id: 'not-a-uuid' }])).toThrow(/UUID/);
    expect(() => encodeEvents('s', { revision: -1, hash: null }, [{ ...newEvent(), id: '6F9619FF-8B86-D011-B42D-00C04FC964FF' }])).toThrow(/UUID/);
  });

  it('skips what is not an Arbitra event: links, system events, binary and foreign events', () => {
    const [enc] = encodeEvents('s', { revision: -1, hash: null }, [newEvent()]);
    const ok = stored('s', enc, 10);
    expect(decodeEvent(ok)).not.toBeNull();
    expect(decodeEvent({ ...ok, type: '$>', isJson: false, data: new Uint8Array(), metadata: undefined })).toBeNull();
    expect(decodeEvent({ ...ok, type: '$metadata' })).toBeNull();
    expect(decodeEvent({ ...ok, isJson: false })).toBeNull();
    expect(decodeEvent({ ...ok, metadata: { some: 'other app' } })).toBeNull();
    expect(decodeEvent({ ...ok, metadata: new Uint8Array([1]) })).toBeNull();
    expect(() => decodeEvent({ ...ok, position: undefined })).toThrow(/22\.6/);
  });

  it('compares content like the SQLite adapter: stream, type and canonical data', () => {
    const e = newEvent('x.Y', { a: 1, b: 2 });
    const [enc] = encodeEvents('s', { revision: -1, hash: null }, [e]);
    const back = decodeEvent(stored('s', enc, 10))!;
    expect(sameContent(back, 's', { ...e, data: { b: 2, a: 1 } })).toBe(true);
    expect(sameContent(back, 's', { ...e, data: { a: 1, b: 3 } })).toBe(false);
    expect(sameContent(back, 'other', e)).toBe(false);
    expect(sameContent(back, 's', { ...e, type: 'x.Z' })).toBe(false);
  });
});

describe('KurrentDB command index and expectations', () => {
  it('names one index stream per command id, hashing ids that are not plain names', () => {
    expect(commandStream('0b6b0a3e-1f1e-4d4e-9a43-9f3f6f3e0c11')).toBe(`${COMMAND_STREAM_PREFIX}0b6b0a3e-1f1e-4d4e-9a43-9f3f6f3e0c11`);
    expect(commandStream('pm:scrabble-result:t-1:0')).toBe(`${COMMAND_STREAM_PREFIX}pm:scrabble-result:t-1:0`);
    const odd = commandStream('a key with spaces / and $ signs');
    expect(odd).toMatch(/^arbitra-command-sha256-[0-9a-f]{64}$/);
    expect(commandStream('a key with spaces / and $ signs')).toBe(odd);
    expect(commandStream('x'.repeat(201))).toMatch(/sha256-/);
    expect(commandStream('')).toMatch(/sha256-/);
  });

  it('links to an event as `<revision>@<stream>` with an id derived from the event id', () => {
    const link = linkEvent({ id: '0b6b0a3e-1f1e-4d4e-9a43-9f3f6f3e0c11', stream: 'game-7', revision: 12 }) as unknown as {
      id: string;
      type: string;
      contentType: string;
      data: Uint8Array;
    };
    expect(link.type).toBe('$>');
    expect(link.contentType).toBe('application/octet-stream');
    expect(Buffer.from(link.data).toString('utf8')).toBe('12@game-7');
    expect(link.id).toBe(linkId('0b6b0a3e-1f1e-4d4e-9a43-9f3f6f3e0c11'));
    expect(link.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(linkId('0b6b0a3e-1f1e-4d4e-9a43-9f3f6f3e0c12')).not.toBe(link.id);
  });

  it('maps expected revisions and the server’s reported state to port revisions', () => {
    expect(expectedNumber('any')).toBeNull();
    expect(expectedNumber('no-stream')).toBe(-1);
    expect(expectedNumber(4)).toBe(4);
    expect(() => expectedNumber(-2)).toThrow(RangeError);
    expect(() => expectedNumber(1.5)).toThrow(RangeError);
    expect(streamStateFor(-1)).toBe('no_stream');
    expect(streamStateFor(0)).toBe(0n);
    expect(streamStateFor(41)).toBe(41n);
    expect(actualRevision('no_stream')).toBe(-1);
    expect(actualRevision(7n)).toBe(7);
  });

  it('finds an id repeated inside one batch', () => {
    const a = newEvent();
    expect(repeatedId([a, newEvent()])).toBeNull();
    expect(repeatedId([a, newEvent(), { ...a }])).toBe(a.id);
  });
});
