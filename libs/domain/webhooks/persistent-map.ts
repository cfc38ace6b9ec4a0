/**
 * A persistent map from strings (a hash array mapped trie): `persistentSet` returns a new map that shares every node
 * but the ones on the changed key's path (at most 7, of at most 32 entries each), and never changes the map it was
 * given: a fold can keep extending it at a cost that does not grow with its size, while every earlier revision of a
 * state holding it stays as it was (the command path's state cache and a refused sequence's discarded state rely on
 * that). Plain objects and arrays only: it survives a JSON round trip (a persisted snapshot) unchanged.
 */
export interface PersistentMap<V> {
  readonly size: number;
  readonly root: TrieNode<V> | null;
}

/** A branch: `bits` says which of the 32 slots of this level (5 bits of the hash) are taken, `children` holds them in order. */
interface Branch<V> {
  readonly bits: number;
  readonly children: ReadonlyArray<TrieNode<V>>;
}
/** The keys of one hash (almost always one key). */
interface Leaf<V> {
  readonly hash: number;
  readonly keys: readonly string[];
  readonly values: readonly V[];
}
export type TrieNode<V> = Branch<V> | Leaf<V>;

const isLeaf = <V>(n: TrieNode<V>): n is Leaf<V> => 'hash' in n;

/** FNV-1a over the UTF-16 code units, 32 bits unsigned. */
function hashOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

const slot = (hash: number, shift: number) => 1 << ((hash >>> shift) & 31);

export function emptyPersistentMap<V>(): PersistentMap<V> {
  return { size: 0, root: null };
}

export function persistentGet<V>(map: PersistentMap<V>, key: string): V | undefined {
  const hash = hashOf(key);
  let node = map.root;
  for (let shift = 0; node; shift += 5) {
    if (isLeaf(node)) {
      if (node.hash !== hash) return undefined;
      const i = node.keys.indexOf(key);
      return i < 0 ? undefined : node.values[i];
    }
    const bit = slot(hash, shift);
    if ((node.bits & bit) === 0) return undefined;
    node = node.children[popcount(node.bits & (bit - 1))];
  }
  return undefined;
}

/** The map with `key` set to `value`; `map` itself is unchanged. */
export function persistentSet<V>(map: PersistentMap<V>, key: string, value: V): PersistentMap<V> {
  const hash = hashOf(key);
  const leaf: Leaf<V> = { hash, keys: [key], values: [value] };
  if (!map.root) return { size: 1, root: leaf };
  const added = { yes: false };
  const root = setIn(map.root, leaf, 0, added);
  return { size: map.size + (added.yes ? 1 : 0), root };
}

function setIn<V>(node: TrieNode<V>, leaf: Leaf<V>, shift: number, added: { yes: boolean }): TrieNode<V> {
  if (isLeaf(node)) {
    if (node.hash !== leaf.hash) {
      added.yes = true;
      return split(node, leaf, shift);
    }
    const i = node.keys.indexOf(leaf.keys[0]);
    if (i < 0) {
      added.yes = true;
      return { hash: node.hash, keys: [...node.keys, leaf.keys[0]], values: [...node.values, leaf.values[0]] };
    }
    const values = node.values.slice();
    values[i] = leaf.values[0];
    return { hash: node.hash, keys: node.keys, values };
  }
  const bit = slot(leaf.hash, shift);
  const at = popcount(node.bits & (bit - 1));
  const children = node.children.slice();
  if ((node.bits & bit) === 0) {
    added.yes = true;
    children.splice(at, 0, leaf);
    return { bits: node.bits | bit, children };
  }
  children[at] = setIn(node.children[at], leaf, shift + 5, added);
  return { bits: node.bits, children };
}

/** A branch holding two leaves of different hashes (they differ in some 5 bits at `shift` or below it). */
function split<V>(a: Leaf<V>, b: Leaf<V>, shift: number): Branch<V> {
  const bitA = slot(a.hash, shift);
  const bitB = slot(b.hash, shift);
  if (bitA === bitB) return { bits: bitA, children: [split(a, b, shift + 5)] };
  // Ordered by slot (compared unsigned: slot 31 is the sign bit).
  return { bits: bitA | bitB, children: bitA >>> 0 < bitB >>> 0 ? [a, b] : [b, a] };
}

/** Every entry, in no particular order. */
export function* persistentEntries<V>(map: PersistentMap<V>): Generator<[string, V]> {
  const stack: Array<TrieNode<V>> = map.root ? [map.root] : [];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (isLeaf(node)) for (let i = 0; i < node.keys.length; i++) yield [node.keys[i], node.values[i]];
    else stack.push(...node.children);
  }
}
