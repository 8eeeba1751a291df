/** A live-update message: something changed; the client refetches over HTTP so authorization stays on the server. */
export type LiveMessage = { topic: string; id?: number | string };

export { websocketUrl } from './websocket-url';

export type LiveUpdatesOptions = {
  url: string;
  token: () => string | null;
  createSocket?: (url: string) => WebSocket;
  /** First retry delay; doubles up to maxDelayMs. */
  minDelayMs?: number;
  maxDelayMs?: number;
};

/** One websocket per tab that reconnects by itself with a capped back-off while there is a session. */
export class LiveUpdates {
  private socket: WebSocket | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private attempts = 0;
  private running = false;
  private readonly listeners = new Set<(message: LiveMessage) => void>();

  constructor(private readonly options: LiveUpdatesOptions) {}

  /** Listens to messages; returns the unsubscribe function. */
  onMessage(listener: (message: LiveMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Opens the connection (no-op without a token or when already open). */
  start(): void {
    this.running = true;
    if (this.socket || this.timer) return;
    this.open();
  }

  /** Closes the connection and stops reconnecting (sign-out). */
  stop(): void {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const socket = this.socket;
    this.socket = null;
    socket?.close();
  }

  private open(): void {
    const token = this.options.token();
    if (!this.running || token === null) return;
    const url = `${this.options.url}?${new URLSearchParams({ token }).toString()}`;
    let socket: WebSocket;
    try {
      socket = this.options.createSocket ? this.options.createSocket(url) : new WebSocket(url);
    } catch (error) {
      console.error('Live updates: cannot open the websocket', error);
      this.retry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.attempts = 0;
    };
    socket.onmessage = (event: MessageEvent) => {
      if (typeof event.data !== 'string') return;
      try {
        const message = JSON.parse(event.data) as unknown;
        if (typeof message === 'object' && message !== null && typeof (message as LiveMessage).topic === 'string') {
          for (const listener of this.listeners) listener(message as LiveMessage);
        }
      } catch {
        // A message that is not JSON carries nothing we can act on.
      }
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.retry();
    };
  }

  private retry(): void {
    if (!this.running) return;
    const min = this.options.minDelayMs ?? 1000;
    const max = this.options.maxDelayMs ?? 30_000;
    const delay = Math.min(max, min * 2 ** this.attempts);
    this.attempts += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.open();
    }, delay);
  }
}
