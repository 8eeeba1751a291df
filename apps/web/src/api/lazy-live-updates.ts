import type { LiveMessage, LiveUpdates, LiveUpdatesOptions } from './websocket-client';

/** What pages use of live updates. */
export type LiveChannel = Pick<LiveUpdates, 'onMessage' | 'start' | 'stop'>;

/**
 * The app's live updates, with the websocket client loaded on the first `start()` (after sign-in), so the
 * signed-out first page does not carry it (issue 18's /signin budget). Listeners added before it loads are
 * kept and receive every message once it runs.
 */
export class LazyLiveUpdates implements LiveChannel {
  private inner: LiveUpdates | null = null;
  private loading = false;
  private wanted = false;
  private readonly listeners = new Set<(message: LiveMessage) => void>();

  constructor(private readonly options: LiveUpdatesOptions) {}

  /** Listens to messages; returns the unsubscribe function. */
  onMessage(listener: (message: LiveMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Opens the connection, loading the client first when needed. */
  start(): void {
    this.wanted = true;
    if (this.inner) {
      this.inner.start();
      return;
    }
    if (this.loading) return;
    this.loading = true;
    import('./websocket-client').then(
      ({ LiveUpdates: Client }) => {
        const inner = new Client(this.options);
        inner.onMessage((message) => {
          for (const listener of this.listeners) listener(message);
        });
        this.inner = inner;
        if (this.wanted) inner.start();
      },
      (error: unknown) => {
        this.loading = false;
        console.error('Live updates: cannot load the websocket client', error);
      },
    );
  }

  /** Closes the connection and stops reconnecting (sign-out). */
  stop(): void {
    this.wanted = false;
    this.inner?.stop();
  }
}
