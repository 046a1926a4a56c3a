import { SystemClock } from '../../common/clock';
import type { Config } from '../../config/config';
import type { WebhookDeliveries } from './webhook-deliveries.repository';
import { WebhookDispatcher } from './webhook-dispatcher';
import type { WebhookMetrics } from './webhook-metrics';

/** A promise and the means to settle it from the test. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

const delivery = (id: number) => ({
  id: String(id),
  webhook_id: 1,
  user_id: 1,
  url: 'http://127.0.0.1:9/',
  secret: 'whsec_c2VjcmV0',
  attempts: 0,
  event_id: String(id),
  type: 'link.created',
  payload: '{}',
  event_at: new Date(0),
});

/**
 * When the dispatcher claims: its claims are answered by the test, its deliveries end when the
 * test says, and timers are jest's (the time moves only when the test moves it).
 */
describe('WebhookDispatcher: when it claims', () => {
  let claims: ReturnType<typeof deferred<unknown[]>>[];
  let sends: ReturnType<typeof deferred<void>>[];
  let dispatcher: WebhookDispatcher;

  beforeEach(() => {
    jest.useFakeTimers();
    claims = [];
    sends = [];
    const deliveries = {
      claim: () => {
        const claim = deferred<unknown[]>();
        claims.push(claim);
        return claim.promise;
      },
      prune: () => Promise.resolve(),
    } as unknown as WebhookDeliveries;
    dispatcher = new WebhookDispatcher(deliveries, { webhookTimeoutMs: 1000 } as Config, new SystemClock(), {} as WebhookMetrics);
    // The attempt itself is not what is tested here: each ends when the test settles it.
    Object.assign(dispatcher, {
      send: () => {
        const send = deferred<void>();
        sends.push(send);
        return send.promise;
      },
    });
    dispatcher.onApplicationBootstrap();
  });

  afterEach(async () => {
    for (const send of sends) send.resolve();
    for (const claim of claims) claim.resolve([]);
    await dispatcher.stop();
    jest.useRealTimers();
  });

  /** Lets every settled promise's callbacks run. */
  const settle = async () => {
    for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
  };

  it('polls once a second while nothing is due', async () => {
    await jest.advanceTimersByTimeAsync(1000);
    expect(claims).toHaveLength(1);
    claims[0]!.resolve([]);
    await jest.advanceTimersByTimeAsync(999);
    expect(claims).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(claims).toHaveLength(2);
  });

  it('claims again as soon as a delivery ends, even when it ends while a claim is answered', async () => {
    await jest.advanceTimersByTimeAsync(1000);
    claims[0]!.resolve([delivery(1)]);
    await settle();
    expect(sends).toHaveLength(1);

    // The next poll's claim is under way when the delivery ends, and both are answered in one turn.
    await jest.advanceTimersByTimeAsync(1000);
    expect(claims).toHaveLength(2);
    sends[0]!.resolve();
    claims[1]!.resolve([]);
    await settle();
    await jest.advanceTimersByTimeAsync(0);
    // The webhook's next delivery is claimed now, not at the next poll.
    expect(claims).toHaveLength(3);
  });

  it('claims again as soon as a delivery ends while no claim is under way', async () => {
    await jest.advanceTimersByTimeAsync(1000);
    claims[0]!.resolve([delivery(1), delivery(2)]);
    await settle();
    expect(sends).toHaveLength(2);
    sends[1]!.resolve();
    await settle();
    await jest.advanceTimersByTimeAsync(0);
    expect(claims).toHaveLength(2);
  });

  it('waits at a stop for the claim under way and the deliveries it started', async () => {
    await jest.advanceTimersByTimeAsync(1000);
    let stopped = false;
    const stopping = dispatcher.stop().then(() => (stopped = true));
    claims[0]!.resolve([delivery(1)]);
    await settle();
    expect(sends).toHaveLength(1);
    expect(stopped).toBe(false);
    sends[0]!.resolve();
    await stopping;
    expect(stopped).toBe(true);
    await jest.advanceTimersByTimeAsync(5000);
    expect(claims).toHaveLength(1);
  });
});
