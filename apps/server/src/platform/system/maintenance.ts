import type { SystemSettingsRepo } from './system-settings.repo.js';

const KEY = 'maintenance';
// Every process re-reads the flag at most this often, so `npm run cli -- maintenance on`
// reaches all of them within two seconds without a query per request.
const CACHE_MS = 2000;

/** Install-wide maintenance mode: legacy calls answer 41, V2 calls 503 ERROR_MAINTENANCE. */
export class MaintenanceMode {
  private cached: { value: boolean; at: number } | undefined;

  constructor(private readonly repo: SystemSettingsRepo) {}

  async isOn(): Promise<boolean> {
    const now = Date.now();
    if (this.cached && now - this.cached.at < CACHE_MS) return this.cached.value;
    const value = (await this.repo.get(KEY)) === 'on';
    this.cached = { value, at: now };
    return value;
  }

  async set(on: boolean): Promise<void> {
    await this.repo.set(KEY, on ? 'on' : 'off');
    this.cached = { value: on, at: Date.now() };
  }
}
