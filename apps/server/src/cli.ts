import { Command, CommanderError } from 'commander';
import pino from 'pino';
import { z } from 'zod';
import { email as emailSchema, password as passwordSchema } from '@scanbase/contracts';
import { createBackup, postgresHint, restoreBackup } from './cli/backup.js';
import { loadConfig } from './config.js';
import { createContainer, type Container } from './container.js';
import { openDatabase } from './platform/db/database.js';
import { exportData, importData } from './platform/db/data-transfer.repo.js';
import { migrateToLatest } from './platform/db/migrate.js';
import { formatMoney, type Plan } from '@scanbase/contracts';
import fs from 'node:fs';
import { parsePlanFile } from './modules/billing/plan-catalogue.js';

/** Opens the configured database, migrates it, runs `work` with the container, and closes it. */
async function withContainer<T>(work: (c: Container) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const db = openDatabase(config.database);
  try {
    await migrateToLatest(db);
    const c = createContainer(config, db, pino({ level: 'warn' }, pino.destination(2)));
    try {
      return await work(c);
    } finally {
      c.mailer.close();
    }
  } finally {
    await db.close();
  }
}

function parseOrExit<T>(schema: z.ZodType<T>, value: unknown, name: string): T {
  const r = schema.safeParse(value);
  if (!r.success) throw new CommanderError(1, 'scanbase.invalid', `--${name}: ${r.error.issues[0]?.message ?? 'invalid'}`);
  return r.data;
}

/** Finds the one account an email owns (or the one named by --account). */
async function accountOf(c: Container, email: string, accountId: string | undefined): Promise<{ accountId: number; adminId: number }> {
  const admins = await c.repos.accounts.findAdminsByEmail(email);
  const chosen = accountId ? admins.filter((a) => a.account_id === Number(accountId)) : admins;
  if (chosen.length === 0) throw new CommanderError(1, 'scanbase.notfound', `No account is owned by ${email}${accountId ? ` with id ${accountId}` : ''}.`);
  if (chosen.length > 1) throw new CommanderError(1, 'scanbase.ambiguous', `${email} owns several accounts (${chosen.map((a) => `${a.account_id} ${a.company_name}`).join(', ')}); pass --account ID.`);
  const [one] = chosen;
  return { accountId: one!.account_id, adminId: one!.id };
}

const program = new Command('scanbase').description('Scanbase administration. Reads the same environment as the server (DATA_DIR, DATABASE_URL, SMTP_URL, ...).');
program.exitOverride();

program
  .command('account:create')
  .description('Create an account whose owner can sign in at once (email already verified). Prints the account id.')
  .requiredOption('--company <name>', 'company name')
  .requiredOption('--email <email>', 'owner email')
  .requiredOption('--password <password>', 'owner password (8+ characters)')
  .option('--name <name>', 'owner name', 'Owner')
  .action(async (o: { company: string; email: string; password: string; name: string }) => {
    const email = parseOrExit(emailSchema, o.email, 'email');
    const password = parseOrExit(passwordSchema, o.password, 'password');
    const company = parseOrExit(z.string().trim().min(1).max(120), o.company, 'company');
    const { accountId } = await withContainer((c) => c.auth.createVerifiedAccount({ companyName: company, name: o.name, email, password }));
    process.stdout.write(`${accountId}\n`);
  });

program
  .command('apikey:create')
  .description('Create an API key for the account owned by --email. Prints the key alone on the last line.')
  .requiredOption('--email <email>', 'owner email')
  .option('--name <name>', 'key name', 'CLI key')
  .option('--account <id>', 'account id, when the email owns several accounts')
  .action(async (o: { email: string; name: string; account?: string }) => {
    const email = parseOrExit(emailSchema, o.email, 'email');
    const secret = await withContainer(async (c) => {
      const { accountId } = await accountOf(c, email, o.account);
      return (await c.apiAccess.createKey(accountId, o.name)).secret;
    });
    process.stdout.write(`API key created for ${email}. Store it now: it is not shown again.\n${secret}\n`);
  });

program
  .command('password:reset')
  .description('Mail a password-reset link to the owner (or log it without SMTP) and print it.')
  .requiredOption('--email <email>', 'owner email')
  .option('--account <id>', 'account id, when the email owns several accounts')
  .action(async (o: { email: string; account?: string }) => {
    const email = parseOrExit(emailSchema, o.email, 'email');
    const link = await withContainer(async (c) => {
      const { accountId, adminId } = await accountOf(c, email, o.account);
      const url = await c.auth.resetLink({ accountId, adminId, accountUserId: null });
      await c.mailer.send({ to: email, subject: 'Reset your Scanbase password', text: `An administrator started a password reset for your Scanbase login.\n\nChoose a new password: ${url}\n\nThe link works for one hour.` });
      return url;
    });
    process.stdout.write(`Reset link (valid for one hour):\n${link}\n`);
  });

program
  .command('maintenance')
  .description('Turn maintenance mode on or off (legacy calls answer 41, V2 calls 503) for every process within 2 s.')
  .argument('<state>', 'on or off')
  .action(async (state: string) => {
    if (state !== 'on' && state !== 'off') throw new CommanderError(1, 'scanbase.invalid', 'maintenance takes on or off.');
    await withContainer((c) => c.maintenance.set(state === 'on'));
    process.stdout.write(`Maintenance mode is ${state}.\n`);
  });

program
  .command('data:export')
  .description('Write the whole install (every table) to a JSON Lines file.')
  .argument('<file>', 'output file')
  .action(async (file: string) => {
    const counts = await withContainer((c) => exportData(c.db, file));
    process.stdout.write(`Exported to ${file}: ${Object.entries(counts).map(([t, n]) => `${t} ${n}`).join(', ')}\n`);
  });

program
  .command('data:import')
  .description('Load a data:export file into this (new, empty) install, e.g. to move from SQLite to PostgreSQL.')
  .argument('<file>', 'file written by data:export')
  .action(async (file: string) => {
    const counts = await withContainer((c) => importData(c.db, file));
    process.stdout.write(`Imported from ${file}: ${Object.entries(counts).map(([t, n]) => `${t} ${n}`).join(', ')}\n`);
  });

/** One plan as a line: id, name, prices and the limits that are set. */
function planLine(p: Plan): string {
  const limits = Object.entries(p.limits).map(([k, v]) => `${k} ${v < 0 ? 'unlimited' : v}`).join(', ');
  const off = Object.entries(p.features).filter(([, on]) => !on).map(([k]) => k);
  return `${p.id}  ${p.name}  ${formatMoney(p.priceMonthCents)}/month  ${formatMoney(p.priceYearCents)}/year  (${limits}${off.length ? `; without ${off.join(', ')}` : ''})`;
}

program
  .command('plans:check')
  .description('Check a plan file (JSON, docs/OPERATIONS.md "Plans and billing") and print its plans, without changing anything.')
  .argument('<file>', 'plan file')
  .action((file: string) => {
    const catalogue = parsePlanFile(fs.readFileSync(file, 'utf8'), file);
    process.stdout.write(`${file} is valid. Billing ${catalogue.billingEnabled ? 'on' : 'off'}; new accounts get ${catalogue.defaultPlan.id}.\n${catalogue.plans.map(planLine).join('\n')}\n`);
  });

program
  .command('plans:list')
  .description('Print the plans this install runs with (PLANS_FILE, or the built-in unlimited plan).')
  .action(async () => {
    const text = await withContainer(async (c) => `Billing ${c.billing.catalogue.billingEnabled ? 'on' : 'off'}; new accounts get ${c.billing.catalogue.defaultPlan.id}.\n${c.billing.catalogue.plans.map(planLine).join('\n')}`);
    process.stdout.write(`${text}\n`);
  });

program
  .command('plan:assign')
  .description('Put an account on a plan now (a new period starts; no invoice). Works with billing on or off.')
  .requiredOption('--account <id>', 'account id')
  .requiredOption('--plan <id>', 'plan id from the plan file')
  .option('--period <period>', 'month or year', 'month')
  .action(async (o: { account: string; plan: string; period: string }) => {
    const accountId = parseOrExit(z.coerce.number().int().positive(), o.account, 'account');
    const period = parseOrExit(z.enum(['month', 'year']), o.period, 'period');
    const plan = await withContainer((c) => c.billing.assignPlan(accountId, o.plan, period));
    process.stdout.write(`Account ${accountId} is on the ${plan.name} plan (${period === 'month' ? 'monthly' : 'yearly'}).\n`);
  });

program
  .command('invoices:open')
  .description('List the open (unpaid) invoices of every account.')
  .action(async () => {
    const rows = await withContainer((c) => c.billing.openInvoices());
    process.stdout.write(rows.length === 0 ? 'No open invoices.\n' : `${rows.map((r) => `${r.number}  ${r.createdAt.slice(0, 10)}  account ${r.accountId} ${r.company}  ${r.amount}  ${r.description}`).join('\n')}\n`);
  });

program
  .command('invoice:paid')
  .description('Mark an open invoice paid (without a payment provider, the operator records payments this way).')
  .argument('<number>', 'invoice number, e.g. SB-2026-000012')
  .action(async (number: string) => {
    const r = await withContainer((c) => c.billing.markPaid(number));
    if (!r.found) throw new CommanderError(1, 'scanbase.notfound', `There is no invoice ${number}.`);
    process.stdout.write(r.changed ? `Invoice ${number} (${r.amount}) is marked paid.\n` : `Invoice ${number} is not open (already paid or void); nothing changed.\n`);
  });

for (const action of ['void', 'refund'] as const) {
  program
    .command(`invoice:${action}`)
    .description(action === 'void' ? 'Void an open invoice (through Stripe for an invoice Stripe issued).' : 'Refund a paid invoice in full (through Stripe for an invoice Stripe charged; else records the refund you made).')
    .argument('<number>', 'invoice number, e.g. SB-2026-000012')
    .action(async (number: string) => {
      const r = await withContainer((c) => c.billing.settleInvoice(number, action));
      if (!r.found) throw new CommanderError(1, 'scanbase.notfound', `There is no invoice ${number}.`);
      const done = action === 'void' ? 'void' : 'refunded';
      process.stdout.write(r.changed ? `Invoice ${number} (${r.amount}) is ${done}.\n` : `Invoice ${number} is ${r.status}, not ${action === 'void' ? 'open' : 'paid'}; nothing changed.\n`);
    });
}

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

program
  .command('backup')
  .description('Write a backup (one tar file: the SQLite database, copied consistently while the server runs, and every stored file). On PostgreSQL it holds the files; back the database up with pg_dump.')
  .argument('<file>', 'output file, e.g. scanbase-2025-01-31.tar')
  .action(async (file: string) => {
    const m = await createBackup(loadConfig(), file);
    const what = m.database === 'sqlite' ? `the SQLite database (${m.migrations.length} migrations applied) and ${m.files} stored files (${mb(m.fileBytes)})` : `${m.files} stored files (${mb(m.fileBytes)})`;
    process.stdout.write(`Backed up ${what} to ${file}.\n`);
    if (m.database === 'postgres') process.stdout.write(`${postgresHint('backup')}\n`);
  });

program
  .command('restore')
  .description('Restore a backup into this install\'s DATA_DIR (stop the server first). Refuses a DATA_DIR that already holds a database or files, unless --force.')
  .argument('<file>', 'file written by backup')
  .option('--force', 'replace the database and stored files already in DATA_DIR')
  .action(async (file: string, o: { force?: boolean }) => {
    const config = loadConfig();
    // A refusal (RestoreRefused) is printed by the handler at the end, with exit code 1.
    const m = await restoreBackup(config, file, { force: o.force === true });
    process.stdout.write(`Restored ${m.database === 'sqlite' ? 'the SQLite database and ' : ''}${m.files} stored files from ${file} (made ${m.createdAt}) into ${config.dataDir}.\n`);
    if (m.database === 'postgres') process.stdout.write(`${postgresHint('restore')}\n`);
    else process.stdout.write('Start Scanbase: migrations newer than the backup run at start.\n');
  });

program.parseAsync(process.argv).catch((error: unknown) => {
  if (error instanceof CommanderError) {
    if (error.exitCode === 0) process.exit(0);
    if (!error.code.startsWith('commander.')) process.stderr.write(`${error.message}\n`);
    process.exit(error.exitCode || 1);
  }
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
