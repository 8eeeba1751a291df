import type { LegacySectionDoc } from '../types.js';

/** The `devices` section. */
export const devicesSection: LegacySectionDoc = {
  section: 'devices',
  title: 'Devices',
  summary: 'The phones and tablets app users have signed in on. A device is registered by the app on its first sign-in; the API lists and renames them.',
  actions: [
    {
      action: 'retrieve',
      summary: 'Lists devices with their identifier, name and the time they were registered.',
      details: 'The reply holds `<count>`, then one `<device id="N">` per device, in id order, with `<udid>` (the identifier the app sent), `<devicename>` and `<created>` (`YYYY-MM-DD HH:MM:SS`, America/New_York).',
      readOnly: true,
      params: [{ name: 'device_id', type: 'id-list', required: false, default: 'all', description: 'The devices to list: one id, a comma-separated list (spaces allowed), or `all`. An unknown or malformed id answers 410.' }],
      errors: [410],
      sample: { device_id: '{device_id}' },
    },
    {
      action: 'update',
      summary: 'Renames a device.',
      readOnly: false,
      params: [
        { name: 'device_id', type: 'id', required: true, description: 'The device: exactly one id. Missing, malformed or unknown: 410.' },
        { name: 'device_name', type: 'text', required: true, description: 'The new name, 1 to 100 characters (410 otherwise).' },
      ],
      errors: [410],
      sample: { device_id: '{device_id}', device_name: 'Front door iPad' },
    },
  ],
};
