import { afterEach, describe, expect, it, vi } from 'vitest';
import { OnlineStatus } from '../../api/online-status';
import { watchConnectivity } from './connectivity-probe';

/** A health check whose answers the test gives one at a time. */
function pendingChecks() {
  const answers: ((reachable: boolean) => void)[] = [];
  const check = () => new Promise<boolean>((resolve) => answers.push(resolve));
  return { check, answers };
}

describe('watchConnectivity', () => {
  afterEach(() => vi.useRealTimers());

  it('sets the flag from the probe at start', async () => {
    const online = new OnlineStatus(true);
    const { check, answers } = pendingChecks();
    const stop = watchConnectivity(online, new EventTarget(), check);
    answers[0]!(false);
    await vi.waitFor(() => expect(online.online).toBe(false));
    stop();
  });

  it('keeps the browser offline event when a probe sent before it answers afterwards', async () => {
    const online = new OnlineStatus(true);
    const target = new EventTarget();
    const unbind = online.bindWindow(target as Window);
    const { check, answers } = pendingChecks();
    const stop = watchConnectivity(online, target, check);
    target.dispatchEvent(new Event('offline'));
    expect(online.online).toBe(false);
    answers[0]!(true);
    await Promise.resolve();
    await Promise.resolve();
    expect(online.online).toBe(false);
    stop();
    unbind();
  });

  it('probes again when the browser comes back online, and every retry period while unreachable', async () => {
    vi.useFakeTimers();
    const online = new OnlineStatus(true);
    const target = new EventTarget();
    const { check, answers } = pendingChecks();
    const stop = watchConnectivity(online, target, check, 1000);
    answers[0]!(false);
    await vi.waitFor(() => expect(online.online).toBe(false));
    expect(answers).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(answers).toHaveLength(2);
    answers[1]!(false);
    target.dispatchEvent(new Event('online'));
    expect(answers).toHaveLength(3);
    answers[2]!(true);
    await vi.waitFor(() => expect(online.online).toBe(true));
    await vi.advanceTimersByTimeAsync(5000);
    expect(answers).toHaveLength(3);
    stop();
  });
});
