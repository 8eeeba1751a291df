import pino from 'pino';
import { buildApp, loggerOptions } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createContainer } from './container.js';
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

  // Housekeeping every hour: expired tokens and old rate counters.
  const housekeeping = setInterval(() => {
    Promise.all([container.repos.tokens.purgeExpired(), container.limiter.purge()]).catch((err: unknown) => app.log.error({ err }, 'housekeeping failed'));
  }, 3_600_000);
  housekeeping.unref();

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    clearInterval(housekeeping);
    app
      .close()
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

  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(`Scanbase is listening on ${address} (${config.database.kind === 'sqlite' ? `SQLite ${config.database.file}` : 'PostgreSQL'}); open ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Scanbase failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
