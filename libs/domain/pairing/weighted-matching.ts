/**
 * Maximum-weight matching in a general graph (Edmonds' blossom algorithm with dual variables,
 * O(n³)), used to find a minimum-cost perfect pairing in polynomial time.
 *
 * A TypeScript port of the primal-dual method of Joris van Rantwijk's `mwmatching.py` as kept
 * in NetworkX (`max_weight_matching`, BSD licence). The npm ports (`edmonds-blossom` 1.0.0,
 * 2016, unmaintained; `edmonds-blossom-fixed`, a single-release fork) were not judged sound
 * enough to depend on, so the algorithm is kept here and checked against brute force in
 * weighted-matching.spec.ts. Pure: no I/O, no clock, no randomness.
 *
 * The graph is complete on vertices 0..n-1; `weight(i, j)` must be a symmetric integer.
 */
class Blossom {
  childs: Node[] = [];
  edges: Array<[number, number]> = [];
  mybestedges: Array<[number, number]> | null = null;
  leaves(): number[] {
    const out: number[] = [];
    const stack: Node[] = [...this.childs];
    while (stack.length > 0) {
      const t = stack.pop() as Node;
      if (t instanceof Blossom) stack.push(...t.childs);
      else out.push(t);
    }
    return out;
  }
}
type Node = number | Blossom;
type Edge = [number, number];

/**
 * Returns mate[] (mate[v] = partner or -1). With `maxCardinality`, only maximum-cardinality
 * matchings are considered (on a complete graph with an even n: perfect matchings).
 * `seed` (optional, seed[v] = partner or -1) starts the search from those pairs that have the
 * largest weight: with every dual at the largest weight such pairs are tight, so they are a state
 * the algorithm itself could reach in its first stages (each a tight augmenting edge), and the
 * result is the same optimum in fewer stages.
 */
export function maxWeightMatching(
  n: number,
  weight: (i: number, j: number) => number,
  maxCardinality: boolean,
  seed?: Int32Array,
  knownMax?: number,
): Int32Array {
  const result = new Int32Array(n).fill(-1);
  if (n < 2) return result;
  // knownMax: the caller's exact largest weight (saves the n² scan).
  let maxweight = knownMax ?? 0;
  if (knownMax === undefined) for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) maxweight = Math.max(maxweight, weight(i, j));

  const mate = new Map<number, number>();
  const label = new Map<Node, number>();
  const labeledge = new Map<Node, Edge | null>();
  const inblossom: Node[] = Array.from({ length: n }, (_, i) => i);
  const blossomparent = new Map<Node, Blossom | null>();
  const blossombase = new Map<Node, number>();
  for (let i = 0; i < n; i++) {
    blossomparent.set(i, null);
    blossombase.set(i, i);
  }
  const bestedge = new Map<Node, Edge | null>();
  const dualvar = new Float64Array(n).fill(maxweight);
  const blossomdual = new Map<Blossom, number>();
  const allowedge = new Set<number>();
  let queue: number[] = [];
  const key = (v: number, w: number) => v * n + w;
  const allow = (v: number, w: number) => {
    allowedge.add(key(v, w));
    allowedge.add(key(w, v));
  };
  const slack = (v: number, w: number) => dualvar[v] + dualvar[w] - 2 * weight(v, w);
  const NONE = -1;
  if (seed) {
    for (let v = 0; v < n; v++) {
      const w = seed[v];
      if (w > v && w < n && seed[w] === v && !mate.has(v) && !mate.has(w) && weight(v, w) === maxweight) {
        mate.set(v, w);
        mate.set(w, v);
      }
    }
  }

  const assignLabel = (w: number, t: number, v: number | null): void => {
    const b = inblossom[w];
    label.set(w, t);
    label.set(b, t);
    const e: Edge | null = v !== null ? [v, w] : null;
    labeledge.set(w, e);
    labeledge.set(b, e);
    bestedge.set(w, null);
    bestedge.set(b, null);
    if (t === 1) {
      if (b instanceof Blossom) queue.push(...b.leaves());
      else queue.push(b);
    } else if (t === 2) {
      const base = blossombase.get(b) as number;
      assignLabel(mate.get(base) as number, 1, base);
    }
  };

  const scanBlossom = (v0: number, w0: number): number => {
    const path: Node[] = [];
    let base = NONE;
    let v = v0;
    let w = w0;
    while (v !== NONE) {
      let b = inblossom[v];
      if ((label.get(b) as number) & 4) {
        base = blossombase.get(b) as number;
        break;
      }
      path.push(b);
      label.set(b, 5);
      const le = labeledge.get(b);
      if (le == null) {
        v = NONE;
      } else {
        v = le[0];
        b = inblossom[v];
        v = (labeledge.get(b) as Edge)[0];
      }
      if (w !== NONE) [v, w] = [w, v];
    }
    for (const b of path) label.set(b, 1);
    return base;
  };

  const addBlossom = (base: number, v0: number, w0: number): void => {
    let v = v0;
    let w = w0;
    const bb = inblossom[base];
    let bv = inblossom[v];
    let bw = inblossom[w];
    const b = new Blossom();
    blossombase.set(b, base);
    blossomparent.set(b, null);
    blossomparent.set(bb, b);
    const path: Node[] = [];
    const edgs: Edge[] = [[v, w]];
    while (bv !== bb) {
      blossomparent.set(bv, b);
      path.push(bv);
      edgs.push(labeledge.get(bv) as Edge);
      v = (labeledge.get(bv) as Edge)[0];
      bv = inblossom[v];
    }
    path.push(bb);
    path.reverse();
    edgs.reverse();
    while (bw !== bb) {
      blossomparent.set(bw, b);
      path.push(bw);
      const le = labeledge.get(bw) as Edge;
      edgs.push([le[1], le[0]]);
      w = le[0];
      bw = inblossom[w];
    }
    b.childs = path;
    b.edges = edgs;
    label.set(b, 1);
    labeledge.set(b, labeledge.get(bb) ?? null);
    blossomdual.set(b, 0);
    for (const x of b.leaves()) {
      if (label.get(inblossom[x]) === 2) queue.push(x);
      inblossom[x] = b;
    }
    const bestedgeto = new Map<Node, Edge>();
    const consider = (k0: number, k1: number, k?: Edge) => {
      let i = k0;
      let j = k1;
      if (inblossom[j] === b) [i, j] = [j, i];
      const bj = inblossom[j];
      if (bj !== b && label.get(bj) === 1) {
        const cur = bestedgeto.get(bj);
        if (cur === undefined || slack(i, j) < slack(cur[0], cur[1])) bestedgeto.set(bj, k ?? [k0, k1]);
      }
    };
    for (const sub of path) {
      if (sub instanceof Blossom && sub.mybestedges !== null) {
        for (const k of sub.mybestedges) consider(k[0], k[1], k);
        sub.mybestedges = null;
      } else {
        for (const x of sub instanceof Blossom ? sub.leaves() : [sub]) for (let y = 0; y < n; y++) if (y !== x) consider(x, y);
      }
      bestedge.set(sub, null);
    }
    b.mybestedges = [...bestedgeto.values()];
    let mybestedge: Edge | null = null;
    let mybestslack = Infinity;
    for (const k of b.mybestedges) {
      const ks = slack(k[0], k[1]);
      if (mybestedge === null || ks < mybestslack) {
        mybestedge = k;
        mybestslack = ks;
      }
    }
    bestedge.set(b, mybestedge);
  };

  const expandBlossom = (b: Blossom, endstage: boolean): void => {
    for (const s of b.childs) {
      blossomparent.set(s, null);
      if (s instanceof Blossom) {
        if (endstage && blossomdual.get(s) === 0) expandBlossom(s, endstage);
        else for (const x of s.leaves()) inblossom[x] = s;
      } else {
        inblossom[s] = s;
      }
    }
    if (!endstage && label.get(b) === 2) {
      const entrychild = inblossom[(labeledge.get(b) as Edge)[1]];
      let j = b.childs.indexOf(entrychild);
      let jstep: number;
      if (j & 1) {
        j -= b.childs.length;
        jstep = 1;
      } else {
        jstep = -1;
      }
      let [v, w] = labeledge.get(b) as Edge;
      const at = <T>(arr: T[], i: number): T => arr[i < 0 ? i + arr.length : i];
      while (j !== 0) {
        let p: number;
        let q: number;
        if (jstep === 1) [p, q] = at(b.edges, j);
        else [q, p] = at(b.edges, j - 1);
        label.delete(w);
        label.delete(q);
        assignLabel(w, 2, v);
        allow(p, q);
        j += jstep;
        if (jstep === 1) [v, w] = at(b.edges, j);
        else [w, v] = at(b.edges, j - 1);
        allow(v, w);
        j += jstep;
      }
      const bw = at(b.childs, j);
      label.set(w, 2);
      label.set(bw, 2);
      labeledge.set(w, [v, w]);
      labeledge.set(bw, [v, w]);
      bestedge.set(bw, null);
      j += jstep;
      while (at(b.childs, j) !== entrychild) {
        const bv = at(b.childs, j);
        if (label.get(bv) === 1) {
          j += jstep;
          continue;
        }
        let x: number | null = null;
        if (bv instanceof Blossom) {
          for (const y of bv.leaves()) {
            if (label.get(y)) {
              x = y;
              break;
            }
          }
        } else {
          x = bv;
        }
        if (x !== null && label.get(x)) {
          label.delete(x);
          label.delete(mate.get(blossombase.get(bv) as number) as number);
          assignLabel(x, 2, (labeledge.get(x) as Edge)[0]);
        }
        j += jstep;
      }
    }
    label.delete(b);
    labeledge.delete(b);
    bestedge.delete(b);
    blossomparent.delete(b);
    blossombase.delete(b);
    blossomdual.delete(b);
  };

  const augmentBlossom = (b: Blossom, v: number): void => {
    let t: Node = v;
    while (blossomparent.get(t) !== b) t = blossomparent.get(t) as Blossom;
    if (t instanceof Blossom) augmentBlossom(t, v);
    const i = b.childs.indexOf(t);
    let j = i;
    let jstep: number;
    if (i & 1) {
      j -= b.childs.length;
      jstep = 1;
    } else {
      jstep = -1;
    }
    const at = <T>(arr: T[], k: number): T => arr[k < 0 ? k + arr.length : k];
    while (j !== 0) {
      j += jstep;
      t = at(b.childs, j);
      let w: number;
      let x: number;
      if (jstep === 1) [w, x] = at(b.edges, j);
      else [x, w] = at(b.edges, j - 1);
      if (t instanceof Blossom) augmentBlossom(t, w);
      j += jstep;
      t = at(b.childs, j);
      if (t instanceof Blossom) augmentBlossom(t, x);
      mate.set(w, x);
      mate.set(x, w);
    }
    b.childs = [...b.childs.slice(i), ...b.childs.slice(0, i)];
    b.edges = [...b.edges.slice(i), ...b.edges.slice(0, i)];
    blossombase.set(b, blossombase.get(b.childs[0]) as number);
  };

  const augmentMatching = (v: number, w: number): void => {
    for (const [s0, j0] of [
      [v, w],
      [w, v],
    ]) {
      let s = s0;
      let j = j0;
      for (;;) {
        const bs = inblossom[s];
        if (bs instanceof Blossom) augmentBlossom(bs, s);
        mate.set(s, j);
        const le = labeledge.get(bs);
        if (le == null) break;
        const t = le[0];
        const bt = inblossom[t];
        [s, j] = labeledge.get(bt) as Edge;
        if (bt instanceof Blossom) augmentBlossom(bt, j);
        mate.set(j, s);
      }
    }
  };

  for (;;) {
    label.clear();
    labeledge.clear();
    bestedge.clear();
    for (const b of blossomdual.keys()) b.mybestedges = null;
    allowedge.clear();
    queue = [];
    for (let v = 0; v < n; v++) if (!mate.has(v) && label.get(inblossom[v]) === undefined) assignLabel(v, 1, null);
    let augmented = false;
    for (;;) {
      while (queue.length > 0 && !augmented) {
        const v = queue.pop() as number;
        for (let w = 0; w < n; w++) {
          if (w === v) continue;
          const bv = inblossom[v];
          const bw = inblossom[w];
          if (bv === bw) continue;
          let kslack = 0;
          if (!allowedge.has(key(v, w))) {
            kslack = slack(v, w);
            if (kslack <= 0) allow(v, w);
          }
          if (allowedge.has(key(v, w))) {
            if (label.get(bw) === undefined) {
              assignLabel(w, 2, v);
            } else if (label.get(bw) === 1) {
              const base = scanBlossom(v, w);
              if (base !== NONE) addBlossom(base, v, w);
              else {
                augmentMatching(v, w);
                augmented = true;
                break;
              }
            } else if (label.get(w) === undefined) {
              label.set(w, 2);
              labeledge.set(w, [v, w]);
            }
          } else if (label.get(bw) === 1) {
            const be = bestedge.get(bv);
            if (be == null || kslack < slack(be[0], be[1])) bestedge.set(bv, [v, w]);
          } else if (label.get(w) === undefined) {
            const be = bestedge.get(w);
            if (be == null || kslack < slack(be[0], be[1])) bestedge.set(w, [v, w]);
          }
        }
      }
      if (augmented) break;
      let deltatype = -1;
      let delta = 0;
      let deltaedge: Edge | null = null;
      let deltablossom: Blossom | null = null;
      if (!maxCardinality) {
        deltatype = 1;
        delta = Math.min(...dualvar);
      }
      for (let v = 0; v < n; v++) {
        const be = bestedge.get(v);
        if (label.get(inblossom[v]) === undefined && be != null) {
          const d = slack(be[0], be[1]);
          if (deltatype === -1 || d < delta) {
            delta = d;
            deltatype = 2;
            deltaedge = be;
          }
        }
      }
      for (const [b, parent] of blossomparent) {
        const be = bestedge.get(b);
        if (parent === null && label.get(b) === 1 && be != null) {
          const d = slack(be[0], be[1]) / 2;
          if (deltatype === -1 || d < delta) {
            delta = d;
            deltatype = 3;
            deltaedge = be;
          }
        }
      }
      for (const [b, dual] of blossomdual) {
        if (blossomparent.get(b) === null && label.get(b) === 2 && (deltatype === -1 || dual < delta)) {
          delta = dual;
          deltatype = 4;
          deltablossom = b;
        }
      }
      if (deltatype === -1) {
        deltatype = 1;
        delta = Math.max(0, Math.min(...dualvar));
      }
      for (let v = 0; v < n; v++) {
        const l = label.get(inblossom[v]);
        if (l === 1) dualvar[v] -= delta;
        else if (l === 2) dualvar[v] += delta;
      }
      for (const [b, dual] of blossomdual) {
        if (blossomparent.get(b) === null) {
          if (label.get(b) === 1) blossomdual.set(b, dual + delta);
          else if (label.get(b) === 2) blossomdual.set(b, dual - delta);
        }
      }
      if (deltatype === 1) break;
      if (deltatype === 2 || deltatype === 3) {
        const [v, w] = deltaedge as Edge;
        allow(v, w);
        queue.push(v);
      } else if (deltatype === 4) {
        expandBlossom(deltablossom as Blossom, false);
      }
    }
    if (!augmented) break;
    for (const b of [...blossomdual.keys()]) {
      if (!blossomdual.has(b)) continue;
      if (blossomparent.get(b) === null && label.get(b) === 1 && blossomdual.get(b) === 0) expandBlossom(b, true);
    }
  }
  for (const [v, w] of mate) result[v] = w;
  return result;
}

/**
 * A minimum-cost perfect matching of vertices 0..n-1 (n even) of the complete graph with
 * non-negative integer costs: the maximum-weight maximum-cardinality matching with weights
 * (largest cost + 1 − cost). Returns mate[] and the total cost. A `seed` pairing (any pairs; only
 * those of the least cost are used) only saves work.
 */
export function minCostPerfectMatching(
  n: number,
  cost: (i: number, j: number) => number,
  seed?: Int32Array,
  /** Optional, to save two n² scans: a bound ≥ every cost, and whether some pair costs 0. */
  known?: { readonly top: number; readonly zeroPair: boolean },
): { mate: Int32Array; cost: number } {
  if (n % 2 !== 0) throw new RangeError(`minCostPerfectMatching needs an even number of vertices, got ${n}`);
  let top = known?.top ?? 0;
  if (known === undefined) for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) top = Math.max(top, cost(i, j));
  // Any top ≥ every cost gives the same optimum: all perfect matchings have n/2 pairs, so the shift is constant.
  const mate = maxWeightMatching(n, (i, j) => top + 1 - cost(i, j), true, seed, known?.zeroPair ? top + 1 : undefined);
  let total = 0;
  for (let i = 0; i < n; i++) if (mate[i] > i) total += cost(i, mate[i]);
  return { mate, cost: total };
}
