/**
 * Canonical JSON: object keys sorted by code unit, no whitespace, `undefined` members dropped,
 * non-finite numbers refused. Two equal values always give the same string, which is what the
 * per-stream hash chain is computed over. Written with loops and one string (no arrays of parts):
 * it runs twice for every event appended (data and meta) and again for every event verified.
 * The output must never change (stored hashes cover it): a property test holds it to the earlier
 * map/filter/join version.
 */
export function canonicalJson(value: unknown): string {
  return write(value);
}

function write(v: unknown): string {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'string':
      return JSON.stringify(v);
    case 'boolean':
      return v ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(v)) throw new TypeError('canonical JSON cannot hold a non-finite number');
      // JSON writes a finite number as its ToString (ECMA-262 SerializeJSONProperty): the same text, without the call.
      return String(v);
    case 'object':
      return Array.isArray(v) ? writeArray(v) : writeObject(v as Record<string, unknown>);
    default:
      throw new TypeError(`canonical JSON cannot hold a ${typeof v}`);
  }
}

function writeArray(v: readonly unknown[]): string {
  let out = '[';
  for (let i = 0; i < v.length; i++) {
    if (i > 0) out += ',';
    // A hole stays empty (as Array.prototype.map left it); an undefined element is null.
    if (!(i in v)) continue;
    const x = v[i];
    out += x === undefined ? 'null' : write(x);
  }
  return `${out}]`;
}

/**
 * Object keys as JSON strings with their colon, remembered: an event's keys repeat from one event to the next, and
 * quoting them was most of what writing a small object cost (about half of an event's data, measured alone). Bounded:
 * past QUOTED_KEYS distinct keys (ids used as keys, say) the rest are quoted each time.
 */
const QUOTED_KEYS = 4096;
const quoted = new Map<string, string>();

function quotedKey(k: string): string {
  let q = quoted.get(k);
  if (q === undefined) {
    q = JSON.stringify(k) + ':';
    if (quoted.size < QUOTED_KEYS) quoted.set(k, q);
  }
  return q;
}

function writeObject(obj: Record<string, unknown>): string {
  const keys = Object.keys(obj);
  if (keys.length > 1) sortKeys(keys);
  let out = '{';
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    const x = obj[k];
    if (x === undefined) continue;
    if (out.length > 1) out += ',';
    out += quotedKey(k) + write(x);
  }
  return out + '}';
}

/**
 * Sorts by code unit, as Array.prototype.sort does strings; an insertion sort for an event's few keys, which cost a
 * sixth of writing its data through the built-in sort (Scrabble move events, measured alone).
 */
function sortKeys(keys: string[]): void {
  if (keys.length > 12) {
    keys.sort();
    return;
  }
  for (let i = 1; i < keys.length; i++) {
    const k = keys[i];
    let j = i - 1;
    for (; j >= 0 && keys[j] > k; j--) keys[j + 1] = keys[j];
    keys[j + 1] = k;
  }
}
