import { z } from 'zod';
import { id, okReply, timestamp } from './common.js';
import { defineV2Route } from './route.js';

/*
 * File storage (issue 16; docs/FILE-STORAGE.md): an account connects one or more stores (Google Drive, Dropbox and
 * OneDrive by OAuth 2; S3-compatible and WebDAV by credentials) and chooses the one that receives a copy of every
 * task run's file (exports, task results). Page: /account/integrations/file-storage/.
 */

export const fileStoreKinds = ['google_drive', 'dropbox', 'onedrive', 's3', 'webdav'] as const;
export const fileStoreKind = z.enum(fileStoreKinds);
export type FileStoreKind = z.infer<typeof fileStoreKind>;

/** The kinds connected through the provider's consent page (OAuth 2 authorization code with PKCE). */
export const oauthFileStoreKinds = ['google_drive', 'dropbox', 'onedrive'] as const;
export const oauthFileStoreKind = z.enum(oauthFileStoreKinds);
export type OauthFileStoreKind = z.infer<typeof oauthFileStoreKind>;

/** What each kind is called on the page. */
export const fileStoreKindLabels: Record<FileStoreKind, string> = {
  google_drive: 'Google Drive',
  dropbox: 'Dropbox',
  onedrive: 'OneDrive',
  s3: 'S3-compatible storage',
  webdav: 'WebDAV',
};

/** The provider's slug in the return page's path (`/account/integrations/file-storage/<slug>/return/`). */
export const fileStoreReturnSlugs: Record<OauthFileStoreKind, string> = { google_drive: 'google-drive', dropbox: 'dropbox', onedrive: 'onedrive' };

/** A connected store as shown: never a token, secret key or password. */
export const fileStore = z.object({
  id,
  kind: fileStoreKind,
  name: z.string(),
  /** `disconnected`: the provider no longer accepts the grant (revoked, expired); connect it again. */
  status: z.enum(['connected', 'disconnected']),
  /** What identifies the place: the bucket and prefix, the WebDAV URL and user, the folder at the provider. */
  details: z.array(z.object({ label: z.string(), value: z.string() })),
  /** This store receives a copy of every task run's file. */
  forExports: z.boolean(),
  /** This store (the exports store) also receives every scan's photos and signatures. */
  copyScanFiles: z.boolean(),
  lastError: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type FileStore = z.infer<typeof fileStore>;

export const listFileStores = defineV2Route({
  path: 'filestorage/list',
  access: 'admin',
  summary: 'The account’s connected file stores, and which OAuth providers this server is set up for.',
  body: z.object({}),
  reply: z.object({
    items: z.array(fileStore),
    /** OAuth providers the operator configured (client ID and secret); the others cannot be connected here. */
    providers: z.array(oauthFileStoreKind),
  }),
});

export const startFileStoreOauth = defineV2Route({
  path: 'filestorage/oauth-start',
  access: 'admin',
  summary: 'Starts connecting Google Drive, Dropbox or OneDrive: answers the provider’s consent page URL (PKCE and state kept on the server for 10 minutes).',
  body: z.object({ kind: oauthFileStoreKind }),
  reply: z.object({ url: z.string() }),
});

export const finishFileStoreOauth = defineV2Route({
  path: 'filestorage/oauth-finish',
  access: 'admin',
  summary: 'The return page’s call: exchanges the authorization code for tokens (stored encrypted) and connects the store, or reports why not.',
  body: z.object({
    kind: oauthFileStoreKind,
    code: z.string().max(4000).optional(),
    state: z.string().max(500).optional(),
    error: z.string().max(500).optional(),
    errorDescription: z.string().max(2000).optional(),
  }),
  reply: z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), store: fileStore }), z.object({ ok: z.literal(false), message: z.string() })]),
});

const storeName = z.string().trim().min(1, 'Enter a name').max(100, 'At most 100 characters');
const httpUrl = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `Enter the ${what}`)
    .max(2000, 'A URL has at most 2,000 characters')
    .refine((v) => /^https?:\/\/[^\s/]+/i.test(v), 'Use an https:// URL');
const prefix = z
  .string()
  .trim()
  .max(500)
  .regex(/^([A-Za-z0-9._ -]+\/)*[A-Za-z0-9._ -]*$/, 'Use folder names separated by /, without a leading /')
  .default('');

export const s3StoreInput = z.object({
  kind: z.literal('s3'),
  name: storeName,
  /** Empty for AWS itself; the endpoint of MinIO, Wasabi, Backblaze B2, Cloudflare R2… */
  endpoint: z.union([z.literal(''), httpUrl('endpoint URL')]).default(''),
  region: z.string().trim().min(1, 'Enter the region (us-east-1 when the store has none)').max(100),
  bucket: z
    .string()
    .trim()
    .min(3, 'Enter the bucket name')
    .max(63, 'A bucket name has at most 63 characters')
    .regex(/^[a-z0-9][a-z0-9.-]+[a-z0-9]$/, 'A bucket name has lower-case letters, digits, dots and hyphens'),
  prefix,
  accessKeyId: z.string().trim().min(1, 'Enter the access key ID').max(200),
  secretAccessKey: z.string().trim().min(1, 'Enter the secret access key').max(500),
});

export const webdavStoreInput = z.object({
  kind: z.literal('webdav'),
  name: storeName,
  url: httpUrl('WebDAV folder URL'),
  username: z.string().trim().max(200).default(''),
  password: z.string().max(500).default(''),
});

export const connectFileStore = defineV2Route({
  path: 'filestorage/connect',
  access: 'admin',
  summary: 'Connects an S3-compatible store or a WebDAV folder by its credentials (the secret is stored encrypted). Run filestorage/test to check it.',
  body: z.discriminatedUnion('kind', [s3StoreInput, webdavStoreInput]),
  reply: fileStore,
});

export const testFileStore = defineV2Route({
  path: 'filestorage/test',
  access: 'admin',
  summary: 'Writes a small file to the store and deletes it again; reports each step and exactly what failed.',
  body: z.object({ id }),
  reply: z.object({
    ok: z.boolean(),
    steps: z.array(z.object({ step: z.enum(['connect', 'write', 'delete']), ok: z.boolean(), message: z.string() })),
  }),
});

export const setFileStoreTargets = defineV2Route({
  path: 'filestorage/targets',
  access: 'admin',
  summary: 'Chooses the store that receives a copy of every task run’s file (null: none), and whether it also receives scan photos and signatures (left out: unchanged).',
  body: z.object({ exportsStoreId: id.nullable(), copyScanFiles: z.boolean().optional() }),
  reply: okReply,
});

export const disconnectFileStore = defineV2Route({
  path: 'filestorage/disconnect',
  access: 'admin',
  summary: 'Removes a store and its stored tokens or secret, revoking Scanbase’s grant at Google or Dropbox first (best effort; Microsoft has no revocation). Files already copied stay where they are.',
  body: z.object({ id }),
  reply: z.object({
    ok: z.literal(true),
    /** `failed`: the provider did not confirm (the store is removed here all the same); `not_supported`: Microsoft. */
    revoke: z.enum(['revoked', 'failed', 'not_supported', 'not_needed']),
    /** What happened, for the page. */
    message: z.string(),
  }),
});

export const fileStorageCopy = z.object({
  id,
  storeName: z.string(),
  /** `pending` while being copied or retried; `failed` after the last attempt. */
  state: z.enum(['pending', 'copied', 'failed']),
  remotePath: z.string(),
  error: z.string().nullable(),
  attempts: z.number().int().min(0),
  updatedAt: timestamp,
});
export type FileStorageCopy = z.infer<typeof fileStorageCopy>;

export const listFileStorageCopies = defineV2Route({
  path: 'filestorage/copies',
  access: 'admin',
  summary: 'The copies of a task run’s file to the account’s store: copied, pending or failed with the reason.',
  body: z.object({ jobId: id }),
  reply: z.object({ items: z.array(fileStorageCopy) }),
});
