import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { DISCIPLINES } from '../apps/records/registry.js';
import { SERVED } from '../libs/domain/discipline-kit/registry.js';
import { FIXTURE_DESCRIPTOR } from './fixture-discipline/descriptor.js';

/**
 * Issue 28: adding a discipline is its folders plus one registry line. Checked on the sources: the fixture discipline
 * (test/fixture-discipline) is named nowhere else but its line in test/support/test-disciplines.ts; a served discipline's
 * folders are reached from outside only by its descriptor's registry line (the records app loads the rest from its
 * folder); and no shared code keeps a table keyed by discipline names.
 */
const root = resolve(import.meta.dirname, '..');
const sources = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.(ts|mjs|cjs)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
const ALL = ['libs', 'apps', 'test', 'bench', 'scripts'].flatMap(sources);
const SHIPPED = ALL.filter((f) => !/^(test|scripts)\//.test(f) && !/\.(spec|generated)\.ts$/.test(f) && !f.startsWith('bench/'));
const text = (f: string) => readFileSync(join(root, f), 'utf8');
const foldersOf = (folder: string) => [`libs/domain/disciplines/${folder}/`, `libs/runtime/features/${folder}/`, `libs/api/${folder}/`];
/** The files a source imports (relative specifiers, `.js` read as the `.ts` beside it). */
const importsOf = (f: string) =>
  [...text(f).matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) =>
    relative(root, resolve(dirname(join(root, f)), m[1])).replace(/\.js$/, '.ts'),
  );

/** Shipped code outside every served discipline's folders. */
const SHARED = SHIPPED.filter((f) => !SERVED.some((d) => foldersOf(d.folder).some((o) => f.startsWith(o))));

describe('issue 28: a discipline is its folders and one registry line', () => {
  it('the fixture discipline is named outside its folder only by its one registry line', () => {
    const tokens = [
      /fixture-discipline\//,
      /\bFIXTURE_[A-Z_]+\b/,
      new RegExp(`'${FIXTURE_DESCRIPTOR.id}'`),
      new RegExp(`(?<![\\w-])${FIXTURE_DESCRIPTOR.game.aggregate}(?![\\w-])`),
    ];
    const lines = ALL.filter((f) => !f.startsWith('test/fixture-discipline/') && f !== 'test/discipline-registration.spec.ts').flatMap((f) =>
      text(f)
        .split('\n')
        .filter((l) => tokens.some((t) => t.test(l)))
        .map((l) => `${f}: ${l.trim()}`),
    );
    expect(lines).toEqual([
      "test/support/test-disciplines.ts: import { FIXTURE_DISCIPLINE } from '../fixture-discipline/index.js';",
      'test/support/test-disciplines.ts: export const TEST_DISCIPLINES: readonly TestDiscipline[] = [FIXTURE_DISCIPLINE];',
    ]);
  });

  it.each(SERVED.map((d) => [d.id, d.folder] as const))('%s: shipped code reaches its folders only through its registry line', (_id, folder) => {
    const own = foldersOf(folder);
    const reaches = SHIPPED.filter((f) => !own.some((o) => f.startsWith(o))).filter((f) => importsOf(f).some((i) => own.some((o) => i.startsWith(o))));
    expect(reaches).toEqual(['libs/domain/discipline-kit/registry.ts']);
    expect(text('libs/domain/discipline-kit/registry.ts').match(new RegExp(`disciplines/${folder}/`, 'g'))).toHaveLength(1);
  });

  it('the records app runs every served discipline from its folder’s bundle, in the registry’s order', () => {
    expect(DISCIPLINES.map((b) => b.descriptor)).toEqual(SERVED);
    for (const b of DISCIPLINES) expect(b.controllers.length).toBeGreaterThan(0);
  });

  it('the bundles the app imports statically (for dependency-cruiser) are generated from the registry, not kept by hand', () => {
    // Throws (exit 1) when apps/records/discipline-bundles.generated.ts is not what the registry's SERVED gives.
    execFileSync('node', ['scripts/discipline-bundles.mjs', '--check'], { cwd: root, stdio: 'pipe' });
    const generated = text('apps/records/discipline-bundles.generated.ts');
    expect([...generated.matchAll(/libs\/api\/([\w-]+)\/discipline\.js/g)].map((m) => m[1])).toEqual(SERVED.map((d) => d.folder));
  });

  // A table keyed by discipline has to be edited for every new discipline.
  it('no shared code keeps a table keyed by discipline names', () => {
    const ids = SERVED.map((d) => d.id.replace(/[-]/g, '\\-')).join('|');
    const keyed = new RegExp(`^\\s*'?(${ids})'?\\??\\s*:|Record<\\s*Discipline\\b|\\[\\w+ in Discipline\\]`);
    const found = SHARED.flatMap((f) =>
      text(f)
        .split('\n')
        .filter((l) => keyed.test(l))
        .map((l) => `${f}: ${l.trim()}`),
    );
    // The registry's own views are typed by discipline: they are derived from the descriptors, not kept by hand.
    expect(found.filter((l) => !/registryView\(|byDiscipline|discipline-kit\/registry\.ts/.test(l))).toEqual([]);
  });

  // A branch for one named discipline's rule (`discipline !== 'go'`) hides that rule from the discipline's descriptor,
  // where a new discipline states its own (the tournament's rules: `tournamentRules`, discipline-kit/descriptor.ts).
  it('no shared code compares a discipline with a discipline’s name', () => {
    const ids = SERVED.map((d) => d.id.replace(/[-]/g, '\\-')).join('|');
    const named = `'(?:${ids})'`;
    const discipline = '[\\w.?]*\\b[dD]iscipline\\b';
    const branch = new RegExp(`${discipline}\\s*[!=]==?\\s*${named}|${named}\\s*[!=]==?\\s*${discipline}`);
    const found = SHARED.flatMap((f) =>
      text(f)
        .split('\n')
        .filter((l) => branch.test(l))
        .map((l) => `${f}: ${l.trim()}`),
    );
    expect(found).toEqual([]);
    // The check itself: it finds the branches the tournament's setup and results had before issue 28.
    for (const line of ["p.discipline !== 'go' ||", "if ('xiguaqi' === profile.discipline)", "t.discipline === 'chess-rapid'"])
      expect(branch.test(line)).toBe(true);
    expect(branch.test("discipline: 'go'")).toBe(false);
  });
});
