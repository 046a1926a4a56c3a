/** @type {import('jest').Config} */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

module.exports = {
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts', '<rootDir>/test/browser/*.browser-spec.ts'],
  // NestJS 12 and some of its dependencies ship only ES modules, which jest cannot require():
  // swc turns them into CommonJS too. Everything else in node_modules is left as it is.
  transform: { '^.+\\.(t|j|mj|cj)s$': swc },
  transformIgnorePatterns: [
    '/node_modules/(?!(\\.pnpm|@nestjs|cookie|content-disposition|file-type|strtok3|token-types|peek-readable|uint8array-extras|@tokenizer|load-esm|openid-client|oauth4webapi|jose)/)',
  ],
  testTimeout: 60_000,
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  // The e2e files wait on the embedded database as much as they compute: one worker per core.
  maxWorkers: '100%',
  // A worker is started afresh after a file when its V8 heap in use (garbage included: jest reads
  // it right after the file, without collecting) is over 200 MB, which on the e2e files is after
  // nearly every one. Each file loads the service's modules and its embedded databases anew, and
  // a worker kept for the whole run grew past 2 GB resident and spent its later files collecting.
  // Fresh workers ran the same 1,356 tests in 534 s instead of 577 to 589 s, with 888 s of CPU
  // instead of 974 to 994 s. (Off under --runInBand; with it set, jest uses a worker even for one file.)
  workerIdleMemoryLimit: '200MB',
};
