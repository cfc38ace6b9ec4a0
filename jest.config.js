// Jest 30 in native ESM mode (NestJS 12 is ESM-only): run through `npm run test:jest`,
// which starts node with --experimental-vm-modules.
/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json', diagnostics: false }],
  },
  testMatch: ['<rootDir>/libs/**/*.spec.ts', '<rootDir>/apps/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts', '<rootDir>/bench/**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  reporters: ['default', '<rootDir>/scripts/plain-summary-reporter.cjs'],
  testTimeout: 30000,
};
