import type { LegacyParamDoc, LegacySectionDoc } from '../types.js';

const scanIds: LegacyParamDoc = { name: 'scan_id', type: 'id-list', required: true, description: 'One scan id or a comma-separated list (not `all`). Missing, malformed or unknown: 135; with an unknown id nothing changes.' };
const name: LegacyParamDoc = { name: 'name', type: 'text', required: true, description: 'The property name, at most 100 characters. Missing: 50.' };
const setParams: readonly LegacyParamDoc[] = [
  scanIds,
  { ...name, description: 'The property name, at most 100 characters (50 otherwise), stored as sent: `Mode` and `mode` are two properties. Missing: 50.' },
  { name: 'value', type: 'text', required: false, default: '(empty)', description: 'The property value, at most 100 characters (50 otherwise).' },
];

/** The `scan_properties` section. */
export const scanPropertiesSection: LegacySectionDoc = {
  section: 'scan_properties',
  title: 'Scan properties',
  summary: 'Properties are free-form name and value pairs stored with a scan (the app sets some, such as `capture_type`; you can add your own). scans/retrieve shows them with `showProperties=1`.',
  actions: [
    {
      action: 'create',
      summary: 'Sets a property on scans, replacing its value where the scan already has it.',
      details: 'Marks the scans as modified. Exactly the same as `update`.',
      readOnly: false,
      params: setParams,
      errors: [135],
      sample: { scan_id: '{scan_id}', name: 'gate_note', value: 'Late arrival' },
    },
    {
      action: 'retrieve',
      summary: 'Answers the value of one property of one scan in `<value>`.',
      details: 'The name is matched without regard to the case of the letters A to Z. A scan without that property answers 50.',
      readOnly: true,
      params: [
        { ...scanIds, type: 'id', description: 'Exactly one scan id (135 otherwise).' },
        name,
      ],
      errors: [135],
      sample: { scan_id: '{scan_id}', name: 'gate_note' },
    },
    {
      action: 'update',
      summary: 'Sets a property on scans, adding it where a scan does not have it yet.',
      details: 'Marks the scans as modified. Exactly the same as `create`.',
      readOnly: false,
      params: setParams,
      errors: [135],
      sample: { scan_id: '{scan_id}', name: 'gate_note', value: 'Arrived at 19:05' },
    },
    {
      action: 'delete',
      summary: 'Removes a property from scans.',
      details: 'The name is matched without regard to the case of the letters A to Z. Scans or names that do not exist are passed over without an error.',
      readOnly: false,
      params: [{ ...scanIds, description: 'One scan id or a comma-separated list (not `all`). Missing or malformed: 135.' }, name],
      errors: [135],
      sample: { scan_id: '{scan_id}', name: 'gate_note' },
    },
  ],
};
