import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { HEAP_GROWING_PERCENT, tuneHeap } from './heap';

const run = promisify(execFile);

/**
 * A process that holds 300,000 small objects (about 22 MiB) and makes garbage the way a loaded
 * service does (objects that live across a few turns of the event loop, then go), after `flags`
 * are set at its start: the largest its V8 old generation became, in MiB.
 */
async function peakOldGeneration(flags: string): Promise<number> {
  const program = `
    const v8 = require('node:v8');
    v8.setFlagsFromString(process.argv[1]);
    const oldGeneration = () => v8.getHeapSpaceStatistics().find((space) => space.space_name === 'old_space').space_size;
    const held = [];
    for (let i = 0; i < 300000; i++) held.push({ i, text: 'held ' + i });
    let recent = [];
    let peak = 0;
    let turn = 0;
    (function next() {
      for (let i = 0; i < 20000; i++) recent.push({ i, text: 'recent ' + i, pair: [i, i] });
      if (recent.length >= 200000) recent = [];
      peak = Math.max(peak, oldGeneration());
      if (++turn < 300) setImmediate(next);
      else process.stdout.write(JSON.stringify({ peak: Math.round(peak / 1048576), held: held.length }));
    })();
  `;
  const { stdout } = await run(process.execPath, ['-e', program, '--', flags], { env: { ...process.env, NODE_OPTIONS: '' } });
  const { peak, held } = JSON.parse(stdout) as { peak: number; held: number };
  expect(held).toBe(300_000);
  return peak;
}

describe('the service heap growth', () => {
  it('is set when node was given none, and the one it was given stands otherwise', () => {
    const set: string[] = [];
    expect(tuneHeap([], (flags) => set.push(flags))).toBe(true);
    expect(set).toEqual([`--heap-growing-percent=${HEAP_GROWING_PERCENT}`]);

    expect(tuneHeap(['--heap-growing-percent=0'], (flags) => set.push(flags))).toBe(false);
    expect(tuneHeap(['--max-old-space-size=512', '--heap_growing_percent=80'], (flags) => set.push(flags))).toBe(false);
    expect(tuneHeap(['--heap-growing-percent', '80'], (flags) => set.push(flags))).toBe(false);
    expect(set).toHaveLength(1);

    // Other settings do not count as one.
    expect(tuneHeap(['--max-semi-space-size=4', '--heap-growing-percentage=9'], (flags) => set.push(flags))).toBe(true);
  });

  it('is given to node as its own argument, where the service finds it; node refuses it in NODE_OPTIONS', async () => {
    const started = await run(
      process.execPath,
      ['--heap-growing-percent=0', '-e', 'process.stdout.write(JSON.stringify(process.execArgv))'],
      {
        env: { ...process.env, NODE_OPTIONS: '' },
      },
    );
    expect(tuneHeap(JSON.parse(started.stdout) as string[], () => undefined)).toBe(false);
    await expect(
      run(process.execPath, ['-e', '0'], { env: { ...process.env, NODE_OPTIONS: '--heap-growing-percent=0' } }),
    ).rejects.toMatchObject({ stderr: expect.stringMatching(/not allowed in NODE_OPTIONS/) });
  });

  it('keeps a loaded process heap within about twice what it holds', async () => {
    let flags = '';
    tuneHeap([], (given) => (flags = given));
    // At most 22 MiB held and 200,000 recent objects: 117 to 121 MiB of old generation at the
    // peak with the setting on the development machine; 214 to 270 MiB with V8's own growth.
    expect(await peakOldGeneration(flags)).toBeLessThan(160);
  });
});
