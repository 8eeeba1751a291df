import pino from 'pino';
import { buildApp, loggerOptions } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createContainer } from './container.js';
import { scheduleScanRetention } from './modules/accounts/scan-retention.js';
import { PostgresEventBus } from './platform/bus/event-bus.js';
import { openDatabase } from './platform/db/database.js';
import { migrateToLatest } from './platform/db/migrate.js';

/** Starts the server: config -> database -> migrate -> roles -> listen. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const db = openDatabase(config.database);
  const applied = await migrateToLatest(db);
  const log = pino(loggerOptions(config.logLevel) as pino.LoggerOptions);
  const container = createContainer(config, db, log);
  const app = await buildApp(container);
  if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');

  // Housekeeping every hour: expired tokens, old rate counters, finished runs and webhook deliveries past their retention.
  const housekeeping = setInterval(() => {
    Promise.all([container.repos.tokens.purgeExpired(), container.limiter.purge(), container.jobs.cleanup(), container.webhooks.cleanup(container.config.jobs.retentionDays), scheduleScanRetention(container.jobs.queue)]).catch((err: unknown) => app.log.error({ err }, 'housekeeping failed'));
  }, 3_600_000);
  housekeeping.unref();
  // The daily scan-retention run (00:00 UTC) is queued once per day; queue the next one now too.
  scheduleScanRetention(container.jobs.queue).catch((err: unknown) => app.log.error({ err }, 'could not schedule the scan retention'));

  // Values and scans written and not indexed for substring search yet (a restore, an import cut short) are fed now.
  container.scanConfig.databases.valuesIndex.recount();
  container.scans.writer.catchUp();

  // Roles (scaled-out mode runs them in separate processes; embedded mode runs all three).
  const worker = config.roles.has('worker') ? container.jobs.worker() : undefined;
  worker?.start();
  if (config.roles.has('scheduler')) container.jobs.scheduler.start();
  // Barcode render threads are not started here: they start with the first render and stop when idle (RenderPool),
  // so a server that does not render keeps about 55 MB of memory free for its imports and exports.

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    clearInterval(housekeeping);
    container.jobs.scheduler.stop();
    Promise.resolve(worker?.stop())
      .then(() => app.close())
      .then(() => container.bus.close())
      .then(() => container.barcodes.close())
      .then(() => db.close())
      .then(() => container.mailer.close())
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  if (!config.roles.has('web')) {
    app.log.info({ roles: [...config.roles] }, 'Scanbase is running without the web role (no HTTP)');
    return;
  }
  // A websocket says 'ready' once subscribed; events from other processes reach it only after LISTEN.
  if (container.bus instanceof PostgresEventBus) await container.bus.whenListening();
  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(`Scanbase is listening on ${address} (${config.database.kind === 'sqlite' ? `SQLite ${config.database.file}` : 'PostgreSQL'}); open ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Scanbase failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
