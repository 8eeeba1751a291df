import type { LegacySectionDoc } from '../types.js';

/** The `limits` section. */
export const limitsSection: LegacySectionDoc = {
  section: 'limits',
  title: 'Limits',
  summary: 'How many API calls the account may still make this minute and today.',
  actions: [
    {
      action: 'retrieve',
      summary: 'Answers the per-minute and per-day call limits and what is left of them.',
      details: 'The reply holds `<minute left="N" limit="N"/>` and `<day left="N" limit="N"/>`; -1 means unlimited. Minutes and days are fixed windows (a day ends at midnight UTC). This call counts too. Past a limit every call answers 111 (minute) or 113 (day).',
      readOnly: true,
      params: [],
      errors: [],
      sample: {},
    },
  ],
};
