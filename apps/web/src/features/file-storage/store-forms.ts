import type { s3StoreInput, webdavStoreInput } from '@scanbase/contracts/file-storage';
import type { z } from 'zod';

export type S3Form = z.input<typeof s3StoreInput>;
export type WebdavForm = z.input<typeof webdavStoreInput>;

export const s3Defaults: S3Form = { kind: 's3', name: 'S3 bucket', endpoint: '', region: 'us-east-1', bucket: '', prefix: '', accessKeyId: '', secretAccessKey: '' };
export const webdavDefaults: WebdavForm = { kind: 'webdav', name: 'WebDAV folder', url: '', username: '', password: '' };

/** The fields of each credentials form, in order, with their labels and help. */
export const s3Fields: { name: Exclude<keyof S3Form, 'kind'>; label: string; help?: string; secret?: boolean }[] = [
  { name: 'name', label: 'Name', help: 'How this store is called in Scanbase' },
  { name: 'endpoint', label: 'Endpoint URL', help: 'Empty for Amazon S3; e.g. https://s3.eu-central-003.backblazeb2.com or your MinIO URL' },
  { name: 'region', label: 'Region', help: 'e.g. eu-west-1 (us-east-1 when your store has no regions)' },
  { name: 'bucket', label: 'Bucket' },
  { name: 'prefix', label: 'Folder in the bucket (prefix)', help: 'Optional, e.g. scanbase/exports' },
  { name: 'accessKeyId', label: 'Access key ID' },
  { name: 'secretAccessKey', label: 'Secret access key', help: 'Stored encrypted; never shown again', secret: true },
];

export const webdavFields: { name: Exclude<keyof WebdavForm, 'kind'>; label: string; help?: string; secret?: boolean }[] = [
  { name: 'name', label: 'Name', help: 'How this store is called in Scanbase' },
  { name: 'url', label: 'Folder URL', help: 'The WebDAV URL of an existing folder, e.g. https://cloud.example.com/remote.php/dav/files/anna/Scanbase/' },
  { name: 'username', label: 'User name' },
  { name: 'password', label: 'Password', help: 'Use an app password if your server offers one. Stored encrypted.', secret: true },
];
