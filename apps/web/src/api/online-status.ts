/** The online flag: browser online/offline events, plus what legacy calls learn (spec section 4). */
export class OnlineStatus {
  private value: boolean;
  private readonly listeners = new Set<() => void>();

  constructor(initial = true) {
    this.value = initial;
  }

  get online(): boolean {
    return this.value;
  }

  set(value: boolean): void {
    if (value === this.value) return;
    this.value = value;
    for (const listener of this.listeners) listener();
  }

  /** Follows the window's online and offline events; returns the unbinding function. */
  bindWindow(target: Window): () => void {
    const up = () => this.set(true);
    const down = () => this.set(false);
    target.addEventListener('online', up);
    target.addEventListener('offline', down);
    return () => {
      target.removeEventListener('online', up);
      target.removeEventListener('offline', down);
    };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): boolean => this.value;
}
