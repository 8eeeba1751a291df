import { createHash } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';

const intFromEnv = (fallback: number, min: number, max: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

// Connection timeouts in seconds; fractions are allowed (tests use short ones).
const secondsFromEnv = (fallback: number) => z.coerce.number().min(0.1).max(86_400).default(fallback);

/** The settings of one file-storage OAuth provider: FILE_STORAGE_<P>_CLIENT_ID, _CLIENT_SECRET, _ISSUER, _API_URL. */
function fileStorageEnv<P extends string>(p: P) {
  return {
    [`FILE_STORAGE_${p}_CLIENT_ID`]: z.string().default(''),
    [`FILE_STORAGE_${p}_CLIENT_SECRET`]: z.string().default(''),
    [`FILE_STORAGE_${p}_ISSUER`]: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
    [`FILE_STORAGE_${p}_API_URL`]: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
  } as Record<`FILE_STORAGE_${P}_CLIENT_ID` | `FILE_STORAGE_${P}_CLIENT_SECRET`, z.ZodDefault<z.ZodString>> &
    Record<`FILE_STORAGE_${P}_ISSUER` | `FILE_STORAGE_${P}_API_URL`, z.ZodType<string | undefined>>;
}

/** An OAuth file-storage provider as the operator set it up: null when its client ID or secret is missing. */
export type FileStorageProviderConfig = { clientId: string; clientSecret: string; issuer: string | undefined; apiUrl: string | undefined; contentUrl?: string } | null;

/** Environment variables the server reads, with defaults. README "Configuration" mirrors this list. */
const envSchema = z.object({
  PORT: intFromEnv(8080, 0, 65535),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .refine((v) => v === '' || /^postgres(ql)?:\/\//.test(v), 'must be empty (SQLite) or a postgres:// URL')
    .default(''),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: z
    .string()
    .refine((v) => v === '' || /^smtps?:\/\//.test(v), 'must be an smtp:// or smtps:// URL')
    .default(''),
  MAIL_FROM: z.string().default('Scanbase <no-reply@localhost>'),
  SQLITE_SYNCHRONOUS: z.enum(['NORMAL', 'FULL']).default('NORMAL'),
  BODY_LIMIT_BYTES: intFromEnv(1_048_576, 1024, 1_073_741_824),
  UPLOAD_LIMIT_BYTES: intFromEnv(20_971_520, 1024, 1_073_741_824),
  SESSION_TTL_HOURS: intFromEnv(24 * 30, 1, 24 * 365),
  API_LIMIT_PER_MINUTE: intFromEnv(600, -1, 1_000_000_000),
  API_LIMIT_PER_DAY: intFromEnv(200_000, -1, 1_000_000_000),
  V2_LIMIT_PER_MINUTE: intFromEnv(1200, 1, 1_000_000_000),
  SIGNIN_LIMIT_PER_IP_PER_MINUTE: intFromEnv(30, 1, 1_000_000),
  SIGNIN_LIMIT_PER_EMAIL_PER_HOUR: intFromEnv(20, 1, 1_000_000),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  ROLES: z.string().default('web,worker,scheduler'),
  WEB_DIST_DIR: z.string().optional(),
  JOBS_CONCURRENCY: intFromEnv(2, 1, 64),
  JOBS_RETENTION_DAYS: intFromEnv(30, 1, 3650),
  ACCOUNT_DELETION_GRACE_DAYS: intFromEnv(14, 0, 365),
  // Stored files in an S3-compatible bucket instead of DATA_DIR/files (set S3_BUCKET to turn it on).
  S3_BUCKET: z.string().default(''),
  S3_ENDPOINT: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().default(''),
  S3_SECRET_ACCESS_KEY: z.string().default(''),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  S3_PREFIX: z.string().regex(/^([A-Za-z0-9._-]+\/)*$/, 'must be empty or folder names each ending in /').default(''),
  JOBS_LEASE_SECONDS: intFromEnv(30, 1, 3600),
  ALLOW_PRIVATE_URLS: z.enum(['true', 'false']).default('false'),
  POSTBACK_TIMEOUT_SECONDS: intFromEnv(15, 1, 120),
  MAP_TILE_URL: z
    .string()
    .refine((v) => /^https?:\/\/[^\s]+$/.test(v) && ['{z}', '{x}', '{y}'].every((p) => v.includes(p)), 'must be an http(s) URL template with {z}, {x} and {y}')
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_ATTRIBUTION: z.string().max(500).default('© OpenStreetMap contributors'),
  HEADERS_TIMEOUT_SECONDS: secondsFromEnv(20),
  REQUEST_TIMEOUT_SECONDS: secondsFromEnv(120),
  IDLE_TIMEOUT_SECONDS: secondsFromEnv(60),
  KEEP_ALIVE_TIMEOUT_SECONDS: secondsFromEnv(72),
  // Unset (or empty): 64, or off with TRUST_PROXY=true (see loadConfig).
  // Encrypts secrets stored in the database (SSO client secrets): 32 bytes as 64 hex digits or base64. Unset outside
  // production: a fixed development key; unset in production: such secrets cannot be saved (docs/SSO.md).
  SECRETS_KEY: z
    .string()
    .refine((v) => v === '' || /^[0-9a-fA-F]{64}$/.test(v) || Buffer.from(v, 'base64').length === 32, 'must be 32 bytes: 64 hex digits or base64')
    .default(''),
  NODE_ENV: z.string().default(''),
  // "Sign in with Google" (docs/SSO.md): off unless both are set. GOOGLE_ISSUER is for tests.
  GOOGLE_CLIENT_ID: z.string().default(''),
  GOOGLE_CLIENT_SECRET: z.string().default(''),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  // The operator's plans (docs/OPERATIONS.md "Plans and billing"); empty: one unlimited plan, billing off.
  PLANS_FILE: z.string().default(''),
  // Stripe (docs/ACCOUNT-BILLING.md "Stripe"): on when the secret key is set. STRIPE_API_* point the client at another
  // host speaking Stripe's API (tests' loopback peer, a self-hosted proxy).
  STRIPE_SECRET_KEY: z.string().default(''),
  STRIPE_PUBLISHABLE_KEY: z.string().default(''),
  STRIPE_WEBHOOK_SECRET: z.string().default(''),
  STRIPE_API_HOST: z.string().default(''),
  STRIPE_API_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(65535).optional()),
  STRIPE_API_PROTOCOL: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['http', 'https']).optional()),
  // File storage providers (docs/FILE-STORAGE.md): a provider can be connected once its client ID and secret are set.
  // *_ISSUER points OAuth at another authorization server by discovery (tests); *_API_URL at another API host.
  ...fileStorageEnv('GOOGLE'),
  ...fileStorageEnv('DROPBOX'),
  FILE_STORAGE_DROPBOX_CONTENT_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
  ...fileStorageEnv('ONEDRIVE'),
  // Files above this go through each provider's resumable upload, in chunks of FILE_STORAGE_CHUNK_BYTES (a multiple of 1,280 KiB).
  FILE_STORAGE_LARGE_FILE_BYTES: intFromEnv(8 * 1_048_576, 1, 2 ** 40),
  FILE_STORAGE_CHUNK_BYTES: intFromEnv(10 * 1_048_576, 1_310_720, 2 ** 30),
  CONNECTIONS_PER_IP: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(1_000_000).optional()),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** Days between an owner's request to delete the account and the purge. */
  accountDeletionGraceDays: number;
  /** Where stored files go: DATA_DIR/files, or an S3-compatible bucket. */
  storage: { kind: 'local'; dir: string } | { kind: 's3'; endpoint: string | undefined; region: string; bucket: string; accessKeyId: string; secretAccessKey: string; forcePathStyle: boolean; prefix: string };
  database: { kind: 'sqlite'; file: string; synchronous: 'NORMAL' | 'FULL' } | { kind: 'postgres'; url: string };
  publicUrl: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  smtpUrl: string;
  mailFrom: string;
  bodyLimitBytes: number;
  uploadLimitBytes: number;
  sessionTtlHours: number;
  limits: { apiPerMinute: number; apiPerDay: number; v2PerMinute: number; signinPerIpPerMinute: number; signinPerEmailPerHour: number };
  trustProxy: boolean;
  roles: Set<string>;
  webDistDir: string;
  jobs: { concurrency: number; retentionDays: number; leaseMs: number };
  allowPrivateUrls: boolean;
  /** How long a postback server may take to answer (the scanner app waits 15 s). */
  postbackTimeoutMs: number;
  /** The scans map: tile URL template and the credit its tiles require (plain text). */
  map: { tileUrl: string; attribution: string };
  /** The key of platform/auth/secret-box.ts; null in production without SECRETS_KEY (secrets cannot be stored). */
  secretsKey: Buffer | null;
  /** "Sign in with Google"; null when not configured. */
  google: { clientId: string; clientSecret: string; issuer: string } | null;
  /** The operator's plan file (JSON, docs/OPERATIONS.md); '' for the built-in unlimited plan. */
  plansFile: string;
  /** Stripe as the payment provider; null without STRIPE_SECRET_KEY (invoices are then marked paid by the operator). */
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string; host: string | undefined; port: number | undefined; protocol: 'http' | 'https' | undefined } | null;
  /** OAuth file-storage providers (docs/FILE-STORAGE.md). */
  fileStorage: { google_drive: FileStorageProviderConfig; dropbox: FileStorageProviderConfig; onedrive: FileStorageProviderConfig };
  /** Large files go in chunks (docs/FILE-STORAGE.md "Large files"). */
  fileStorageUploads: { largeFileBytes: number; chunkBytes: number };
  /** Connection limits (docs/OPERATIONS.md "Connection limits"); connectionsPerIp 0 turns the cap off. */
  http: { headersTimeoutMs: number; requestTimeoutMs: number; idleTimeoutMs: number; keepAliveTimeoutMs: number; connectionsPerIp: number };
};

/** The secrets key from SECRETS_KEY; outside production a fixed development key stands in when it is unset. */
function secretsKey(text: string, production: boolean): Buffer | null {
  if (text) return /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  return production ? null : createHash('sha256').update('scanbase development secrets key: not for production').digest();
}

function provider(clientId: string, clientSecret: string, issuer: string | undefined, apiUrl: string | undefined, contentUrl?: string): FileStorageProviderConfig {
  if (!clientId || !clientSecret) return null;
  return { clientId, clientSecret, issuer, apiUrl, ...(contentUrl ? { contentUrl } : {}) };
}

/** Thrown when an environment variable holds a value the server cannot use. */
export class ConfigError extends Error {}

/** Parses and validates the environment once; a bad value names the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const roles = new Set(e.ROLES.split(',').map((r) => r.trim()).filter(Boolean));
  for (const r of roles) {
    if (!['web', 'worker', 'scheduler'].includes(r)) throw new ConfigError(`Invalid configuration:\n  ROLES: unknown role "${r}" (use web, worker, scheduler)`);
  }
  if (e.HEADERS_TIMEOUT_SECONDS > e.REQUEST_TIMEOUT_SECONDS) {
    throw new ConfigError('Invalid configuration:\n  HEADERS_TIMEOUT_SECONDS: must not be longer than REQUEST_TIMEOUT_SECONDS');
  }
  // Google Drive wants chunks in multiples of 256 KiB, OneDrive in multiples of 320 KiB.
  if (e.FILE_STORAGE_CHUNK_BYTES % 1_310_720 !== 0) throw new ConfigError('Invalid configuration:\n  FILE_STORAGE_CHUNK_BYTES: must be a multiple of 1310720 (1,280 KiB)');
  const dataDir = path.resolve(e.DATA_DIR);
  const trustProxy = e.TRUST_PROXY === 'true';
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    accountDeletionGraceDays: e.ACCOUNT_DELETION_GRACE_DAYS,
    storage: e.S3_BUCKET
      ? {
          kind: 's3',
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          bucket: e.S3_BUCKET,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          // Self-hosted stores (MinIO, Ceph) want bucket-in-path addressing; AWS takes either.
          forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === 'true' : e.S3_ENDPOINT !== undefined,
          prefix: e.S3_PREFIX,
        }
      : { kind: 'local', dir: path.join(dataDir, 'files') },
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'scanbase.db'), synchronous: e.SQLITE_SYNCHRONOUS },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    uploadLimitBytes: e.UPLOAD_LIMIT_BYTES,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    limits: {
      apiPerMinute: e.API_LIMIT_PER_MINUTE,
      apiPerDay: e.API_LIMIT_PER_DAY,
      v2PerMinute: e.V2_LIMIT_PER_MINUTE,
      signinPerIpPerMinute: e.SIGNIN_LIMIT_PER_IP_PER_MINUTE,
      signinPerEmailPerHour: e.SIGNIN_LIMIT_PER_EMAIL_PER_HOUR,
    },
    trustProxy,
    roles,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname),
    jobs: { concurrency: e.JOBS_CONCURRENCY, retentionDays: e.JOBS_RETENTION_DAYS, leaseMs: e.JOBS_LEASE_SECONDS * 1000 },
    allowPrivateUrls: e.ALLOW_PRIVATE_URLS === 'true',
    postbackTimeoutMs: e.POSTBACK_TIMEOUT_SECONDS * 1000,
    map: { tileUrl: e.MAP_TILE_URL, attribution: e.MAP_ATTRIBUTION },
    secretsKey: secretsKey(e.SECRETS_KEY, e.NODE_ENV === 'production'),
    plansFile: e.PLANS_FILE === '' ? '' : path.resolve(e.PLANS_FILE),
    stripe: e.STRIPE_SECRET_KEY
      ? { secretKey: e.STRIPE_SECRET_KEY, publishableKey: e.STRIPE_PUBLISHABLE_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, host: e.STRIPE_API_HOST || undefined, port: e.STRIPE_API_PORT, protocol: e.STRIPE_API_PROTOCOL }
      : null,
    google: e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER } : null,
    fileStorage: {
      google_drive: provider(e.FILE_STORAGE_GOOGLE_CLIENT_ID, e.FILE_STORAGE_GOOGLE_CLIENT_SECRET, e.FILE_STORAGE_GOOGLE_ISSUER, e.FILE_STORAGE_GOOGLE_API_URL),
      dropbox: provider(e.FILE_STORAGE_DROPBOX_CLIENT_ID, e.FILE_STORAGE_DROPBOX_CLIENT_SECRET, e.FILE_STORAGE_DROPBOX_ISSUER, e.FILE_STORAGE_DROPBOX_API_URL, e.FILE_STORAGE_DROPBOX_CONTENT_URL),
      onedrive: provider(e.FILE_STORAGE_ONEDRIVE_CLIENT_ID, e.FILE_STORAGE_ONEDRIVE_CLIENT_SECRET, e.FILE_STORAGE_ONEDRIVE_ISSUER, e.FILE_STORAGE_ONEDRIVE_API_URL),
    },
    fileStorageUploads: { largeFileBytes: e.FILE_STORAGE_LARGE_FILE_BYTES, chunkBytes: e.FILE_STORAGE_CHUNK_BYTES },
    http: {
      headersTimeoutMs: Math.round(e.HEADERS_TIMEOUT_SECONDS * 1000),
      requestTimeoutMs: Math.round(e.REQUEST_TIMEOUT_SECONDS * 1000),
      idleTimeoutMs: Math.round(e.IDLE_TIMEOUT_SECONDS * 1000),
      keepAliveTimeoutMs: Math.round(e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000),
      // Behind a reverse proxy every connection comes from the proxy, so the cap is off unless set.
      connectionsPerIp: e.CONNECTIONS_PER_IP ?? (trustProxy ? 0 : 64),
    },
  };
}
