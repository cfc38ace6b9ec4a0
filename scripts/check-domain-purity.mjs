// CI check: libs/domain is pure. No Nest, no I/O, no clock, no ambient randomness, no environment.
// Time, ids and seeds come in on the command. Spec files may use test tooling but not the clock either.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const domain = join(root, 'libs/domain');
const rules = [
  [/from\s+['"]@nestjs\//, 'imports @nestjs (domain code must not depend on the framework)'],
  [/from\s+['"](node:)?(fs|fs\/promises|net|http|https|http2|child_process|worker_threads|dgram|dns|os|cluster|tls|readline)['"]/, 'imports a Node I/O module'],
  [/from\s+['"](better-sqlite3|kafkajs|@kurrent\/[^'"]+|pino|prom-client|class-validator|class-transformer)['"]/, 'imports an adapter or framework library'],
  [/\bDate\.now\s*\(/, 'reads the clock (Date.now)'],
  [/\bnew\s+Date\s*\(\s*\)/, 'reads the clock (new Date())'],
  [/\bperformance\.now\s*\(/, 'reads the clock (performance.now)'],
  [/\bMath\.random\s*\(/, 'uses ambient randomness (Math.random)'],
  [/\b(randomUUID|randomBytes|getRandomValues)\s*\(/, 'uses ambient randomness (crypto)'],
  [/\bprocess\.(env|argv|hrtime|cwd)\b/, 'reads the process environment'],
  [/\b(setTimeout|setInterval|setImmediate)\s*\(/, 'schedules timers'],
];

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* walk(p);
    else if (p.endsWith('.ts')) yield p;
  }
}

const problems = [];
for (const file of walk(domain)) {
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, i) => {
    if (/^\s*(\/\/|\*)/.test(line)) return; // comments may mention what is forbidden
    for (const [re, why] of rules) if (re.test(line)) problems.push(`${relative(root, file)}:${i + 1}: ${why}\n    ${line.trim()}`);
  });
}
if (problems.length) {
  console.error(`libs/domain must stay pure; ${problems.length} violation(s):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('libs/domain is pure: no framework, I/O, clock, randomness or environment access.');
