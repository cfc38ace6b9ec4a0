/**
 * Boundaries (issue 8), checked in CI by `npm run lint:deps`:
 *  - libs/domain is pure and self-contained: it imports nothing outside libs/domain, not even a type;
 *  - the store and the bus never import the runtime; the runtime never imports the HTTP layer;
 *  - libs/api speaks to the runtime, never to the store or to the pairing internals;
 *  - a discipline imports neither another discipline nor the tournament;
 *  - nothing imports from apps/ (apps are entry points), and no module imports itself back through value imports (no-circular);
 *  - the records app reaches every discipline's bundle (statically, through a file generated from the registry).
 */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-self-contained',
      severity: 'error',
      comment: 'libs/domain is pure: it may import only libs/domain and pure npm packages',
      from: { path: '^libs/domain/' },
      to: {
        pathNot: ['^libs/domain/', '^(node_modules/)?(pure-rand|fast-check|@jest/globals|chess\.js|@sabaki/go-board)(/|$)'],
      },
    },
    {
      name: 'api-not-into-store',
      severity: 'error',
      comment: 'the HTTP layer goes through the runtime; store classes and errors are mapped there',
      from: { path: '^libs/api/', pathNot: '\\.spec\\.ts$' },
      to: { path: '^libs/store/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'api-not-into-pairing',
      severity: 'error',
      comment: 'pairing is a tournament service of the runtime; the HTTP layer does not compute pairings',
      from: { path: '^libs/api/', pathNot: '\\.spec\\.ts$' },
      to: { path: '^libs/domain/pairing/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'disciplines-apart',
      severity: 'error',
      comment: 'a discipline does not import another discipline',
      from: { path: '^libs/domain/disciplines/([^/]+)/' },
      to: { path: '^libs/domain/disciplines/', pathNot: '^libs/domain/disciplines/$1/' },
    },
    {
      name: 'disciplines-not-into-tournament',
      severity: 'error',
      comment: 'a discipline does not know the tournament; the runtime links them',
      from: { path: '^libs/domain/disciplines/' },
      to: { path: '^libs/domain/tournament/' },
    },
    {
      name: 'store-and-bus-not-into-runtime',
      severity: 'error',
      comment: 'the store and the bus are ports and adapters below the runtime: they never import it (nor the HTTP layer)',
      from: { path: '^libs/(store|bus)/' },
      to: { path: '^libs/(runtime|api)/' },
    },
    {
      name: 'runtime-not-into-api',
      severity: 'error',
      comment: 'the runtime is below the HTTP layer: it never imports libs/api',
      from: { path: '^libs/runtime/' },
      to: { path: '^libs/api/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      // Type-only imports are erased when compiled and cannot change load order: a descriptor is typed by the shared
      // profile types while the shared views are derived from the registry of descriptors, so types refer both ways.
      comment: 'no module reaches itself again through its value imports',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'every-bundle-served',
      severity: 'error',
      // apps/records/discipline-bundles.generated.ts imports the bundles statically (scripts/discipline-bundles.mjs), so
      // the layer rules follow the records app into every discipline; a bundle it does not reach is not served.
      comment: "every discipline's bundle (libs/api/<folder>/discipline.ts) is reached from the records app's entry point",
      from: { path: '^apps/records/main\\.ts$' },
      to: { path: '^libs/api/[^/]+/discipline\\.ts$', reachable: false },
    },
    {
      name: 'nothing-into-apps',
      severity: 'error',
      from: { pathNot: '^(apps|test|bench)/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^(dist|node_modules|coverage)/' },
  },
};
