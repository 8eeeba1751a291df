import type { LegacySectionDoc } from '../types.js';

/** The `uploads` section. */
export const uploadsSection: LegacySectionDoc = {
  section: 'uploads',
  title: 'Uploads',
  summary: 'An upload is a batch of scans a device recorded offline and sent later.',
  actions: [
    {
      action: 'retrieve',
      summary: 'Lists uploads, newest first.',
      details: 'The reply holds `<count>` (the number of matching uploads), then one empty `<upload/>` per upload whose attributes say everything: `id`, `device_id`, `service_id`, `user_id`, `status`, `count` (scans in it) and `timestamp` (`YYYY-MM-DD HH:MM:SS` in the account\'s time zone). Use `upload_id` of scans/retrieve to read its scans.',
      readOnly: true,
      params: [
        { name: 'service_id', type: 'id-list', required: false, default: 'all', description: 'Only uploads to these services. Malformed: 200.' },
        { name: 'user_id', type: 'id-list', required: false, default: 'all', description: 'Only uploads by these app users. Malformed: 300.' },
        { name: 'device_id', type: 'id-list', required: false, default: 'all', description: 'Only uploads from these devices. Malformed: 410.' },
        { name: 'limit', type: 'integer', required: false, default: '10000', description: 'At most this many uploads, 1 to 10,000 (50 otherwise).' },
        { name: 'offset', type: 'integer', required: false, default: '0', description: 'Skips this many uploads first. Only used together with `limit`.' },
      ],
      errors: [200, 300, 410],
      sample: { service_id: '{service_id}' },
    },
  ],
};
