import fc from 'fast-check';
import { openApiDocument } from '../src/common/openapi-document';
import { ADMIN_KEY, startApi, type TestApi } from './support/app';
import { startBuiltService, type BuiltService } from './support/built-service';
import { ContractFuzzer, FuzzFailure, type FuzzTarget } from './support/contract-fuzzer';
import { createTestDatabase } from './support/database';
import { startLogoServer } from './support/images';
import type { Document } from './support/schema-arbitrary';

/**
 * Property-based fuzzing from the contract (see support/contract-fuzzer). By default a seeded,
 * bounded run in process, part of `pnpm test`. With FUZZ_DURATION_MS set (`pnpm fuzz`), the built
 * service runs as its own process on a loopback port and is fuzzed for that long with fresh
 * seeds; FUZZ_SEED replays one seed. A failure names its seed and the request that broke the rule.
 */
const duration = Number(process.env.FUZZ_DURATION_MS ?? 0);
// One seed in `pnpm test` (about half a minute); `pnpm fuzz`, which CI runs for two minutes on the
// built service, tries fresh seeds.
const SEEDED = { seeds: [20261123], actions: 240 };

const document = openApiDocument as unknown as Document & { paths: Record<string, Record<string, unknown>> };

function inProcess(api: TestApi): FuzzTarget {
  return {
    async request(method, path, options) {
      const response = await api.request(method, path, { ...options, outsideContract: true });
      return { status: response.status, headers: response.headers, text: response.text, body: response.body };
    },
  };
}

function overLoopback(service: BuiltService): FuzzTarget {
  return {
    async request(method, path, options) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.key) headers.authorization = `Bearer ${options.key}`;
      let body: string | undefined;
      if (options.rawBody !== undefined) body = options.rawBody;
      else if (options.body !== undefined) body = JSON.stringify(options.body);
      if (body !== undefined) headers['content-type'] ??= 'application/json';
      // The service trusts one proxy: this is how a loopback client plays visitors from elsewhere.
      if (options.remoteAddress) headers['x-forwarded-for'] = options.remoteAddress;
      const answer = await service.request(method, path, { headers, body, timeoutMs: 15_000 });
      if (answer.status === 0)
        throw new Error(`No answer to ${method} ${path}: the service hung or died.\n${service.output().slice(-3000)}`);
      return answer;
    },
  };
}

async function fuzz(
  target: FuzzTarget,
  seed: number,
  actions: number,
  logos: string[],
  alive: () => Promise<boolean>,
): Promise<{ requests: number; abuse: number }> {
  const fuzzer = new ContractFuzzer(target, document, ADMIN_KEY, logos);
  await fuzzer.setup();
  try {
    await fuzzer.seed(seed);
  } catch (error) {
    if (error instanceof FuzzFailure) throw new Error(`Seed ${seed}, the base records:\n${error.message}`);
    throw error;
  }
  const plan = fc.sample(fuzzer.actions(), { seed, numRuns: actions });
  for (const [index, action] of plan.entries()) {
    try {
      await fuzzer.run(action);
    } catch (error) {
      if (error instanceof FuzzFailure)
        throw new Error(`Seed ${seed}, action ${index} (${action.operationId}, ${action.mode}):\n${error.message}`);
      throw error;
    }
  }
  try {
    await fuzzer.visitPublic(seed);
  } catch (error) {
    if (error instanceof FuzzFailure) throw new Error(`Seed ${seed}, public routes:\n${error.message}`);
    throw error;
  }
  if (!(await alive())) throw new Error(`Seed ${seed}: the service stopped answering /healthz.`);
  return { requests: fuzzer.requests, abuse: fuzzer.modes.get('abuse') ?? 0 };
}

if (duration === 0) {
  describe('the contract, fuzzed (seeded)', () => {
    let api: TestApi;
    let logos: Awaited<ReturnType<typeof startLogoServer>>;
    beforeAll(async () => {
      logos = await startLogoServer();
      api = await startApi({ LOGO_FETCH_ALLOW_PRIVATE: 'true' });
    });
    afterAll(async () => {
      await api.close();
      logos.close();
    });

    it.each(SEEDED.seeds)(
      'breaks no rule with seed %i',
      async (seed) => {
        const { requests, abuse } = await fuzz(
          inProcess(api),
          seed,
          SEEDED.actions,
          logos.urls,
          async () => (await api.request('GET', '/healthz', { key: null })).status === 200,
        );
        expect(requests).toBeGreaterThan(SEEDED.actions);
        // Large hostile bodies (with a key, without, with a wrong one) were among the actions.
        // (Six of 240 with seed 20261123 since the dashboard's previews and campaign pages joined the
        // document; 160 actions left only two, and reached fewer operations.)
        expect(abuse).toBeGreaterThanOrEqual(5);
      },
      // About 40 s on a quiet 2-core machine; much longer beside the other test files.
      240_000,
    );
  });
} else {
  describe('the contract, fuzzed (long run on the built service)', () => {
    let service: BuiltService;
    let logos: Awaited<ReturnType<typeof startLogoServer>>;
    let dropDatabase: () => Promise<void> = async () => undefined;
    beforeAll(async () => {
      logos = await startLogoServer();
      const database = await createTestDatabase();
      dropDatabase = () => database.drop();
      const env = database.env.DATA_DIR === 'memory://' ? { DATA_DIR: 'memory://' } : database.env;
      service = await startBuiltService({
        ...env,
        ADMIN_API_KEY: ADMIN_KEY,
        TRUST_PROXY: '1',
        LOG_LEVEL: 'error',
        LOGO_FETCH_ALLOW_PRIVATE: 'true',
      });
    }, 120_000);
    afterAll(async () => {
      await service?.stop();
      logos?.close();
      await dropDatabase();
    });

    it(
      `breaks no rule for ${Math.round(duration / 1000)} s`,
      async () => {
        const target = overLoopback(service);
        const alive = async () => (await service.request('GET', '/healthz')).status === 200;
        const started = Date.now();
        let seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000_000);
        let rounds = 0;
        let requests = 0;
        while (Date.now() - started < duration) {
          requests += (await fuzz(target, seed, 150, logos.urls, alive)).requests;
          rounds += 1;
          if (process.env.FUZZ_SEED) break;
          seed += 1;
        }
        console.log(
          `Fuzzed for ${Math.round((Date.now() - started) / 1000)} s: ${rounds} seeds (last ${seed}), ${requests} requests, no rule broken.`,
        );
        expect(requests).toBeGreaterThan(0);
      },
      duration + 300_000,
    );
  });
}
