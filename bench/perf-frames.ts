/**
 * The hottest frames of one layer in samples kept by `BENCH_PERF_SCRIPTS=<dir> bench:http --layers`:
 *   node dist/bench/perf-frames.js <kept file> "<layer name or a part of it>" [--top=20]
 * prints the layer's share of the samples, then its frames by self samples (the innermost frame) and by inclusive
 * samples of its JavaScript functions (anywhere in the stack), so a layer's cost can be traced to the code that spends it.
 */
import { readFileSync } from 'node:fs';
import { layerOf } from './support/layers.js';

const [file, wanted] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const top = Number(process.argv.find((a) => a.startsWith('--top='))?.slice(6) ?? 20);
if (!file || !wanted) throw new Error('usage: perf-frames.js <perf script file> <layer> [--top=20]');

/** A frame's symbol without its address, module path or the build's directory. */
const symbol = (line: string) =>
  line
    .trim()
    .replace(/^[0-9a-f]+\s+/, '')
    .replace(/\+0x[0-9a-f]+/, '')
    .replace(/file:\/\/\S*?\/(dist|node_modules)\//, '')
    .replace(/ \(\S+\)$/, '');

const self = new Map<string, number>();
const inclusive = new Map<string, number>();
let samples = 0;
let inLayer = 0;
let layer = '';
for (const block of readFileSync(file, 'utf8').split('\n\n')) {
  const frames = block.trim().split('\n').slice(1);
  if (frames.length === 0) continue;
  samples++;
  const name = layerOf(frames);
  if (!name.includes(wanted)) continue;
  layer = name;
  inLayer++;
  const first = symbol(frames[0]);
  self.set(first, (self.get(first) ?? 0) + 1);
  for (const s of new Set(frames.map(symbol).filter((f) => f.startsWith('JS:')))) inclusive.set(s, (inclusive.get(s) ?? 0) + 1);
}

const percent = (n: number) => `${((100 * n) / Math.max(1, inLayer)).toFixed(1).padStart(5)} %`;
const list = (title: string, counts: Map<string, number>) => {
  console.log(title);
  for (const [s, n] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${percent(n)}  ${s}`);
};
console.log(`${layer || wanted}: ${inLayer} of ${samples} samples (${((100 * inLayer) / Math.max(1, samples)).toFixed(1)} %)`);
list('by self samples (innermost frame), % of the layer', self);
list('JavaScript functions by inclusive samples (anywhere in the stack), % of the layer', inclusive);
