// TEMPORARY development stub: replaced by the full catalog.
import type { LegacySectionDoc } from './types.js';

export const legacyCatalog: readonly LegacySectionDoc[] = [
  {
    section: 'databases',
    title: 'Databases',
    summary: 'Lists of valid values that services validate scans against.',
    actions: [
      {
        action: 'showvalues',
        summary: 'Lists the values of a database.',
        readOnly: true,
        params: [
          { name: 'database_id', type: 'id', required: true, description: 'The database.' },
          { name: 'limit', type: 'integer', required: false, default: '100', description: 'At most this many values.' },
        ],
        errors: [270],
        sample: { database_id: '{database_id}' },
      },
    ],
  },
];
