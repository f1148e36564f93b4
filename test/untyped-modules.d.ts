// Test-only packages that ship no types (tsconfig.test.json): used as `any`.
declare module 'semver';
declare module 's3rver';
