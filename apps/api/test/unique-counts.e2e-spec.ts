import { DataSource } from 'typeorm';
import { ClicksRepository } from '../src/modules/clicks/clicks.repository';
import { startApi, type TestApi } from './support/app';
import { createLink, createUser, type TestUser } from './support/factories';

/**
 * The all-time unique counts ClickHouse reads, written into PostgreSQL apart from the batches
 * (ClicksRepository.writeUniques): what PostgreSQL alone decides, so run on both databases; the
 * reads from ClickHouse are the ClickHouse suite's.
 */
describe('Unique counts written apart from the batches', () => {
  let api: TestApi;
  let user: TestUser;
  beforeAll(async () => {
    api = await startApi();
    user = await createUser(api);
  });
  afterAll(() => api?.close());

  const counts = async (id: number) =>
    (await api.request('GET', `/l/api/url/${id}`, { key: user.apikey })).body.data as { clicks: number; uniqueClicks: number };
  const setClicks = (id: number, clicks: number) =>
    api.linkyard.app.get(DataSource).query('UPDATE links SET clicks = $2 WHERE id = $1', [id, clicks]);

  it('raises a count, never lowers it, never past the clicks, and passes over a deleted link', async () => {
    const repository = api.linkyard.app.get(ClicksRepository);
    const id = await createLink(api, user);
    await setClicks(id, 5);
    expect(await repository.writeUniques('link', new Map([[id, 3]]))).toEqual([]);
    expect(await counts(id)).toMatchObject({ clicks: 5, uniqueClicks: 3 });
    await repository.writeUniques('link', new Map([[id, 2]]));
    expect(await counts(id)).toMatchObject({ clicks: 5, uniqueClicks: 3 });
    await repository.writeUniques('link', new Map([[id, 9]]));
    expect(await counts(id)).toMatchObject({ clicks: 5, uniqueClicks: 5 });
    expect(await repository.writeUniques('link', new Map([[2_000_000_000, 4]]))).toEqual([]);
  });

  // A second connection holds the row: PostgreSQL only (the embedded database has one connection).
  const onPostgres = process.env.DATABASE_URL ? it : it.skip;
  onPostgres("never waits for a row a batch's transaction holds: it answers it, to be written at the next read", async () => {
    const repository = api.linkyard.app.get(ClicksRepository);
    const id = await createLink(api, user);
    const free = await createLink(api, user);
    await setClicks(id, 4);
    await setClicks(free, 4);
    const batch = api.linkyard.app.get(DataSource).createQueryRunner();
    await batch.startTransaction();
    try {
      // Another instance's batch, its totals of this link updated, not committed yet.
      await batch.query('UPDATE links SET clicks = clicks + 1 WHERE id = $1', [id]);
      expect(
        await repository.writeUniques(
          'link',
          new Map([
            [id, 3],
            [free, 2],
          ]),
        ),
      ).toEqual([id]);
      expect(await counts(free)).toMatchObject({ uniqueClicks: 2 });
      expect(await counts(id)).toMatchObject({ uniqueClicks: 0 });
    } finally {
      await batch.commitTransaction();
      await batch.release();
    }
    expect(await repository.writeUniques('link', new Map([[id, 3]]))).toEqual([]);
    expect(await counts(id)).toMatchObject({ clicks: 5, uniqueClicks: 3 });
  });
});
