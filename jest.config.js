// Jest 30 in native ESM mode (NestJS 12 is ESM-only): run through `npm run test:jest`,
// which starts node with --experimental-vm-modules.
// Three projects: unit (the pure domain), int (runtime, store, bus, API pieces and apps, with real
// SQLite files and, in CI, a real Kafka broker) and e2e (the HTTP server and the built process).
// `npm test` runs all three; `npm run test:unit|test:int|test:e2e` runs one.
const shared = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json', diagnostics: false }],
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // .ci/lts's copy of the tree (.ci-tools/lts-tree) is not part of this one.
  modulePathIgnorePatterns: ['<rootDir>/.ci-tools/'],
  testTimeout: 30000,
};

/** @type {import('jest').Config} */
export default {
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/libs/domain/**/*.spec.ts'] },
    {
      ...shared,
      displayName: 'int',
      testMatch: ['<rootDir>/libs/{runtime,store,bus,api}/**/*.spec.ts', '<rootDir>/apps/**/*.spec.ts', '<rootDir>/bench/**/*.spec.ts'],
    },
    { ...shared, displayName: 'e2e', testMatch: ['<rootDir>/test/**/*.spec.ts'] },
  ],
  reporters: ['default', '<rootDir>/scripts/plain-summary-reporter.cjs'],
  testTimeout: 30000,
  // A worker's exit after its last file (freeing its heap, about 1 GB) took 0.5-1.2 s on a loaded CI machine with its
  // event loop already empty; Jest's default 500 ms then force-exited it and reported a leak that was not there.
  workerGracefulExitTimeout: 5000,
  // CI sets ARBITRA_JEST_WORKERS=2 (.ci/run): Jest's default, cores minus one, is a single worker on its two cores.
  ...(process.env.ARBITRA_JEST_WORKERS ? { maxWorkers: process.env.ARBITRA_JEST_WORKERS } : {}),
};
