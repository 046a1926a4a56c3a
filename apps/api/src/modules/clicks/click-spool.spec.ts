import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clickOf } from '../../../test/support/visitors';
import { newBatchId } from './click-recorder';
import { ClickSpool } from './click-spool';

describe('the click spool', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'linkyard-spool-spec-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps a batch under its id, whole, and gives it back once', async () => {
    const spool = await ClickSpool.open(dir, 1024 * 1024);
    const id = newBatchId();
    const clicks = [clickOf(1, 0), clickOf(1, 1), clickOf(2, 2)];
    expect(await spool.put(clicks, id)).toBe(true);
    // Written under a name of its own first, then named as a batch: nothing half-written is listed.
    expect(readdirSync(dir)).toEqual([`${id}.ndjson`]);
    const taken = await spool.take();
    expect(taken?.id).toBe(id);
    expect(taken?.clicks.map((click) => [click.linkId, click.visitor])).toEqual(clicks.map((click) => [click.linkId, click.visitor]));
    expect(await spool.take()).toBeNull();
    await taken!.done();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('leaves a batch a live process is writing, and takes back one whose writer stopped', async () => {
    const id = newBatchId();
    // What a put writes for one click, made in a folder of its own.
    const scratch = mkdtempSync(join(tmpdir(), 'linkyard-spool-line-'));
    await (await ClickSpool.open(scratch, 1024 * 1024)).put([clickOf(3, 7)], id);
    const line = readFileSync(join(scratch, `${id}.ndjson`), 'utf8');
    rmSync(scratch, { recursive: true, force: true });
    // Another process, alive (the one that started this one): its file is being written.
    writeFileSync(join(dir, `${id}.ndjson.writing-${process.ppid}`), line);
    expect(await (await ClickSpool.open(dir, 1024 * 1024)).take()).toBeNull();
    rmSync(join(dir, `${id}.ndjson.writing-${process.ppid}`));
    // A process past the largest pid Linux gives: stopped while it wrote; what it wrote counts.
    writeFileSync(join(dir, `${id}.ndjson.writing-4194305`), line);
    const reopened = await ClickSpool.open(dir, 1024 * 1024);
    expect(reopened.size.files).toBe(1);
    const taken = await reopened.take();
    expect(taken?.id).toBe(id);
    expect(taken?.clicks.map((click) => [click.linkId, click.visitor])).toEqual([[3, clickOf(3, 7).visitor]]);
  });
});
