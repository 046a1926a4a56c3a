import { rm } from 'node:fs/promises';

export default async function globalTeardown(): Promise<void> {
  if (process.env.LINKYARD_TEST_SEED) await rm(process.env.LINKYARD_TEST_SEED, { force: true });
}
