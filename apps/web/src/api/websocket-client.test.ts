import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyLiveUpdates } from './lazy-live-updates';
import { LiveUpdates, websocketUrl } from './websocket-client';

/** The smallest socket the client needs: it records itself and lets the test open, message and close it. */
class FakeSocket {
  static made: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  close() {
    this.closed = true;
  }
}

afterEach(() => {
  FakeSocket.made = [];
  vi.useRealTimers();
});

describe('websocket client', () => {
  it('builds the address from the page hostname without a leading api. and the page port', () => {
    expect(websocketUrl({ protocol: 'https:', hostname: 'api.scan.example.com', port: '' })).toBe('wss://scan.example.com/ws');
    expect(websocketUrl({ protocol: 'http:', hostname: '127.0.0.1', port: '8080' })).toBe('ws://127.0.0.1:8080/ws');
  });

  it('delivers messages and reconnects by itself with back-off until stopped', () => {
    vi.useFakeTimers();
    const live = new LiveUpdates({
      url: 'ws://h/ws',
      token: () => 'tok',
      createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
      minDelayMs: 100,
      maxDelayMs: 400,
    });
    const seen: string[] = [];
    live.onMessage((message) => seen.push(message.topic));
    live.start();
    const first = FakeSocket.made[0];
    expect(first?.url).toBe('ws://h/ws?token=tok');
    first?.onmessage?.({ data: JSON.stringify({ topic: 'scans', id: 4 }) } as MessageEvent);
    first?.onmessage?.({ data: 'not json' } as MessageEvent);
    expect(seen).toEqual(['scans']);
    first?.onclose?.();
    vi.advanceTimersByTime(99);
    expect(FakeSocket.made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made).toHaveLength(2);
    FakeSocket.made[1]?.onclose?.();
    vi.advanceTimersByTime(200);
    expect(FakeSocket.made).toHaveLength(3);
    live.stop();
    expect(FakeSocket.made[2]?.closed).toBe(true);
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.made).toHaveLength(3);
  });

  it('does not connect without a session token', () => {
    const live = new LiveUpdates({ url: 'ws://h/ws', token: () => null, createSocket: (url) => new FakeSocket(url) as unknown as WebSocket });
    live.start();
    expect(FakeSocket.made).toHaveLength(0);
  });

  it('loads the client on the first start, keeps earlier listeners, and opens nothing when stopped before it loaded', async () => {
    const options = { url: 'ws://h/ws', token: () => 'tok', createSocket: (url: string) => new FakeSocket(url) as unknown as WebSocket };
    const live = new LazyLiveUpdates(options);
    const seen: string[] = [];
    live.onMessage((message) => seen.push(message.topic));
    expect(FakeSocket.made).toHaveLength(0);
    live.start();
    await vi.waitFor(() => expect(FakeSocket.made).toHaveLength(1));
    FakeSocket.made[0]?.onmessage?.({ data: JSON.stringify({ topic: 'apilog' }) } as MessageEvent);
    expect(seen).toEqual(['apilog']);
    live.stop();
    expect(FakeSocket.made[0]?.closed).toBe(true);

    const stoppedEarly = new LazyLiveUpdates(options);
    stoppedEarly.start();
    stoppedEarly.stop();
    await import('./websocket-client');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(FakeSocket.made).toHaveLength(1);
  });
});
