import { Writable } from 'node:stream';
import { boundedWriter } from './live.controller';

describe('boundedWriter', () => {
  it('drops a stream whose reader stopped reading once its unread text passes the limit, and writes nothing more', () => {
    // A connection whose reader never reads: nothing written is ever taken off its buffer.
    const stalled = new Writable({ highWaterMark: 16, write: () => undefined });
    let dropped = 0;
    const write = boundedWriter(stalled, 1000, () => {
      dropped += 1;
      stalled.destroy();
    });
    const event = `event: clicks\ndata: ${JSON.stringify({ links: [{ id: 1, clicks: 1 }], qrs: [] })}\n\n`;
    for (let batch = 0; batch < 100; batch += 1) write(event);
    expect(dropped).toBe(1);
    expect(stalled.writableLength).toBeLessThanOrEqual(1000);
    expect(stalled.destroyed).toBe(true);
  });

  it('keeps writing to a reader that reads', async () => {
    let received = '';
    const reader = new Writable({
      write(chunk: Buffer, _encoding, done) {
        received += chunk.toString();
        done();
      },
    });
    let dropped = false;
    const write = boundedWriter(reader, 1000, () => (dropped = true));
    for (let batch = 0; batch < 100; batch += 1) {
      write(`event: clicks\ndata: {"n":${batch}}\n\n`);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(dropped).toBe(false);
    expect(received.split('\n\n')).toHaveLength(101);
  });
});
