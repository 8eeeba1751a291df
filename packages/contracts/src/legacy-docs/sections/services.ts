import type { LegacyParamDoc, LegacySectionDoc } from '../types.js';

const serviceIdList: LegacyParamDoc = {
  name: 'service_id',
  type: 'id-list',
  required: true,
  description: 'The services: one id, a comma-separated list (spaces allowed), or `all`.',
};

/** The variables `create` and `update` share (every one optional on update). */
const settings: readonly LegacyParamDoc[] = [
  { name: 'service_name', type: 'text', required: false, default: 'Service N (the next unused number)', description: 'The name shown in the app: 1 to 100 characters, without `<`, `>` or control characters (error 219). Names are unique among the live services of the account, compared without regard to the case of the letters A to Z (error 215).' },
  { name: 'description', type: 'text', required: 'On webview services: `<curl>URL</curl>` or inline `<html>...</html>`.', default: '(empty)', description: 'Free text. On a `webview` service it is the content shown: `<curl>https://...</curl>` (an http or https address, error 222 otherwise) or `<html>...</html>` whose opening tag has no attributes (error 210 otherwise).' },
  { name: 'duplicate_value', type: 'flag', required: false, default: '1', description: '1: a value scanned again is still valid; 0: a repeated scan of the same value on this service is answered as an invalid duplicate. Duplicates are counted per service.' },
  { name: 'device_duplicate_value', type: 'flag', required: false, default: '1', description: 'The same rule for the check done on the device (on-device services). Always 0 when `duplicate_value` is 0.' },
  { name: 'period_start_date', type: 'date', required: 'When `period_end_date` is set (error 217).', description: 'First day the service accepts scans, `MM/DD/YYYY` or `YYYY-MM-DD`. Without a period the service is always active; an empty value removes the period.' },
  { name: 'period_end_date', type: 'date', required: 'When `period_start_date` is set (error 218).', description: 'Last day the service accepts scans, `MM/DD/YYYY` or `YYYY-MM-DD`. The end may not be before the start (error 213), and when a period variable is sent the end must be in the future (error 214).' },
  { name: 'period_start_time', type: 'time', required: false, default: '00:00:00', description: 'Time of day on the start date: `hh:mm:ss`, `hh:mm` or `hh:mma` (`6:30pm`). A bad time answers 217.' },
  { name: 'period_end_time', type: 'time', required: false, default: '23:59:59', description: 'Time of day on the end date, in the same forms. A bad time answers 218.' },
  { name: 'upload_email', type: 'email', required: false, default: '(none)', description: 'An address that gets a CSV file of the scans after each upload from a device. An empty value turns it off; an invalid address answers 210.' },
  { name: 'upload_email_format', type: 'enum', required: false, default: 'regular', values: ['regular', 'properties'], description: '`properties` adds the scan properties to the emailed CSV.' },
  { name: 'viewOtherScans', type: 'flag', required: false, default: '1', description: '1: app users see every scan of the service in the app; 0: only their own.' },
  { name: 'direct_history_url', type: 'url', required: false, default: '(none)', description: 'A page the app opens for History instead of its own list. http or https (error 222); empty turns it off.' },
  { name: 'direct_lookup_url', type: 'url', required: false, default: '(none)', description: 'A page the app opens for Lookup. http or https (error 222); empty turns it off.' },
  { name: 'enable_direct_scan', type: 'flag', required: false, default: '0', description: 'Postback services only (error 223 on other types): 1 makes the app post each scan straight to `postback_url` (direct scan to URL).' },
  { name: 'postback_receiver_only', type: 'flag', required: false, default: '0', description: 'For types other than `postback` that also have a `postback_url`: 1 forwards scans to the URL without expecting an XML answer. Refused on postback services (225) and without a URL (226).' },
  { name: 'postback_real_time_scans', type: 'flag', required: false, default: '0', description: 'For types other than `postback` with a `postback_url`: 1 forwards scans made online to the URL (225 on postback services, 226 without a URL).' },
  { name: 'postback_uploaded_scans', type: 'flag', required: false, default: '0', description: 'For types other than `postback` with a `postback_url`: 1 forwards scans uploaded from devices to the URL (225 on postback services, 226 without a URL).' },
  { name: 'regex_response_pattern', type: 'text', required: 'Together with `regex_response_replacement` (error 224).', default: '(none)', description: 'A regular expression applied to the response text shown in the app; an invalid expression answers 210. Sending both as empty removes the rewrite.' },
  { name: 'regex_response_replacement', type: 'text', required: 'Together with `regex_response_pattern` (error 224).', default: '(none)', description: 'The replacement for `regex_response_pattern`.' },
  { name: 'regex_scan_pattern', type: 'text', required: 'Together with `regex_scan_replacement` (error 224).', default: '(none)', description: 'A regular expression applied to the scanned value before it is validated and stored; an invalid expression answers 210. Sending both as empty removes the rewrite.' },
  { name: 'regex_scan_replacement', type: 'text', required: 'Together with `regex_scan_pattern` (error 224).', default: '(none)', description: 'The replacement for `regex_scan_pattern`.' },
  { name: 'symbologies', type: 'text', required: false, default: '(the default set)', description: 'Comma-separated symbology ids from 1 to 49 the app decodes (for example 6 Code 128, 14 EAN 13, 34 QR Code, 41 UPC A). Any other entry answers 210. On update, leaving it out resets the service to the default set.' },
  { name: 'auto_next_scan', type: 'enum', required: false, default: '0', values: ['0', '1', '2', '3'], description: 'Continuous scanning: 0 off, 1 only after a valid scan, 2 always (an invalid scan is saved), 3 always (an invalid scan is discarded).' },
  { name: 'auto_next_scan_delay', type: 'integer', required: false, default: '1', description: 'Seconds before the next scan starts, 0 to 3600 (decimals allowed).' },
  { name: 'enableGPS', type: 'flag', required: false, default: '0', description: '1: the app records its location with each scan as a scan property.' },
  { name: 'block_camera_scan', type: 'flag', required: false, default: '0', description: '1: the app may not scan with the camera.' },
  { name: 'block_manual_scan', type: 'flag', required: false, default: '0', description: '1: the app may not take typed values.' },
  { name: 'block_db_search', type: 'flag', required: false, default: '0', description: '1: the app may not search the database.' },
  { name: 'auto_sync', type: 'flag', required: false, default: '0', description: '1: on-device services sync in the background (scans up, database down).' },
  { name: 'auto_sync_up_url', type: 'url', required: false, default: '(none)', description: 'Your own http or https address that receives the scans auto-sync uploads (error 222 otherwise).' },
  { name: 'auto_sync_up_delay', type: 'integer', required: false, default: '2', description: 'Seconds between upload attempts, 0 to 86400.' },
  { name: 'auto_sync_down_url', type: 'flag', required: false, default: '1', description: 'Despite its name a flag: 0 stops the automatic database download, 1 turns it back on.' },
  { name: 'auto_sync_down_delay', type: 'integer', required: false, default: '120', description: 'Seconds between database download checks, 0 to 86400.' },
  { name: 'conditional_limit', type: 'integer', required: false, default: '0', description: 'Scanbase extension: at most this many valid scans of one value per window (`conditional_limit_window`); 0 or empty turns the limit off. At most 1,000,000.' },
  { name: 'conditional_limit_window', type: 'enum', required: false, default: 'day', values: ['hour', 'day', 'week', 'month', 'ever'], description: 'Scanbase extension: the window of `conditional_limit`.' },
  { name: 'decoder_config', type: 'text', required: false, default: '(none)', description: 'Scanner configuration as a JSON text, stored as sent; only well-formedness is checked (error 210). `{}` removes it.' },
];

const createParams: readonly LegacyParamDoc[] = [
  { name: 'validation_method', type: 'enum', required: true, values: ['record', 'ondevicerecord', 'database', 'ondevicedatabase', 'postback', 'webview'], description: 'How scans are judged: `record` records online, `ondevicerecord` records on the device and uploads later, `database` validates online against a database, `ondevicedatabase` validates against a copy on the device, `postback` lets your URL decide, `webview` shows web content (no scanning). Missing or unknown answers 210.' },
  { name: 'database_id', type: 'id', required: 'When `validation_method` is `database` or `ondevicedatabase` (error 211).', description: 'The database the service validates against. Not a number: 270; no such database: 204. Ignored by the other types.' },
  { name: 'postback_url', type: 'url', required: 'When `validation_method` is `postback` (error 221).', description: 'The http or https address scans are posted to (221 when it does not start with http:// or https://, 222 when it is not a valid URL). Other types use it with the `postback_*` forwarding options.' },
  ...settings,
];

/** A create variable as update takes it: left out means unchanged, so no default. */
function asUpdate(p: LegacyParamDoc): LegacyParamDoc {
  const out: LegacyParamDoc = { name: p.name, type: p.type, required: p.name === 'validation_method' ? false : p.required, description: p.description };
  return p.values ? { ...out, values: p.values } : out;
}

/** The `services` section. */
export const servicesSection: LegacySectionDoc = {
  section: 'services',
  title: 'Services',
  summary: 'A service is one scanning workflow that app users pick in the app: how scans are validated, by whom, and which questions are asked.',
  actions: [
    {
      action: 'retrieve',
      summary: 'Lists services with their type, database, duplicate rule, permitted app users and questions.',
      details: 'The reply holds `<count>` (the number of services listed), then one `<service id="N">` per service, in id order, with `<name>`, `<validationmethod>`, `<postback>` (postback services only), `<database>` (database services only), `<duplicateScanValue>` (0 or 1), `<descriptionFromDb>` (the description), one empty `<user id="N"/>` per permitted app user and one empty `<question id="N"/>` per question. Deleted services are not listed.',
      readOnly: true,
      params: [{ ...serviceIdList, required: false, default: 'all', description: 'The services to list: one id, a comma-separated list (spaces allowed), or `all`. An id that does not exist answers 200.' }],
      errors: [200],
      sample: { service_id: '{service_id}' },
    },
    {
      action: 'create',
      summary: 'Creates a service and answers its id in `<id>`.',
      details: 'Only `validation_method` is always required; the type decides what else is (a database, a postback URL or web content). Every other variable has a default.\n\nFlags take 0 or 1 (also `true`/`false`); numbers and flags with any other value answer 210.',
      readOnly: false,
      params: createParams,
      errors: [204, 210, 211, 213, 214, 215, 217, 218, 219, 221, 222, 223, 224, 225, 226, 270],
      sample: { validation_method: 'database', database_id: '{database_id}', service_name: 'Gate B', duplicate_value: '0' },
    },
    {
      action: 'update',
      summary: 'Changes the variables sent; the others keep their values, except `symbologies`, which goes back to the default set when left out.',
      details: 'Takes every variable of `create`, all optional, including `validation_method` (changing the type re-checks what the new type needs). `service_id` must name exactly one service.',
      readOnly: false,
      params: [
        { name: 'service_id', type: 'id', required: true, description: 'The service to change (exactly one id; a list, `all` or an unknown id answers 200).' },
        ...createParams.map(asUpdate),
      ],
      errors: [131, 200, 204, 210, 211, 213, 214, 215, 217, 218, 219, 221, 222, 223, 224, 225, 226, 270],
      sample: { service_id: '{service_id}', service_name: 'Gate B (VIP)', duplicate_value: '1' },
    },
    {
      action: 'delete',
      summary: 'Deletes services; their scans are kept and still name the service.',
      readOnly: false,
      params: [{ ...serviceIdList, description: 'The services to delete: one id, a comma-separated list, or `all`. If one id does not exist (200) nothing is deleted.' }],
      errors: [131, 200],
      sample: { service_id: '{service_id}' },
    },
    {
      action: 'adduserpermission',
      summary: 'Lets app users use services: every user listed gets every service listed.',
      details: 'Giving a user a service it already has changes nothing. An empty `user_id` answers 132.',
      readOnly: false,
      params: [
        { ...serviceIdList },
        { name: 'user_id', type: 'id-list', required: true, description: 'The app users: one id, a comma-separated list, or `all` (every live app user). An unknown id answers 201 and changes nothing.' },
      ],
      errors: [131, 132, 200, 201, 300],
      sample: { service_id: '{service_id}', user_id: '{user_id}' },
    },
    {
      action: 'revokeuserpermission',
      summary: 'Takes services away from app users: every user listed loses every service listed.',
      readOnly: false,
      params: [
        { ...serviceIdList },
        { name: 'user_id', type: 'id-list', required: true, description: 'The app users: one id, a comma-separated list, or `all`. An unknown id answers 201 and changes nothing.' },
      ],
      errors: [131, 132, 200, 201, 300],
      sample: { service_id: '{service_id}', user_id: '{user_id}' },
    },
    {
      action: 'addquestion',
      summary: 'Asks questions on services: every question listed is added to every service listed, with a condition saying when it is asked.',
      details: 'Adding a question a service already asks replaces its condition and whether it is required.',
      readOnly: false,
      params: [
        { ...serviceIdList },
        { name: 'question_id', type: 'id-list', required: true, description: 'The questions: one id, a comma-separated list, or `all`. An unknown id answers 202 and changes nothing.' },
        { name: 'condition', type: 'enum', required: false, default: 'pre_submit', values: ['shared_submit', 'pre_submit', 'post_submit', 'valid_scan', 'invalid_scan'], description: 'When the question is asked: `shared_submit` once per session and sent with every scan, `pre_submit` before the scan is sent, `post_submit` after it, `valid_scan` only after a valid scan, `invalid_scan` only after an invalid one. Anything else answers 210.' },
        { name: 'required', type: 'id-list', required: false, default: '(none)', description: 'The ids among `question_id` that must be answered: a comma-separated list or `all`. Ids that are not added in this call are ignored.' },
      ],
      errors: [131, 133, 200, 202, 210, 262],
      sample: { service_id: '{service_id}', question_id: '{question_id}', condition: 'post_submit', required: '{question_id}' },
    },
    {
      action: 'removequestion',
      summary: 'Stops asking questions on services: every question listed is removed from every service listed.',
      readOnly: false,
      params: [
        { ...serviceIdList },
        { name: 'question_id', type: 'id-list', required: true, description: 'The questions: one id, a comma-separated list, or `all`. An unknown id answers 202 and changes nothing.' },
      ],
      errors: [131, 133, 200, 202, 262],
      sample: { service_id: '{service_id}', question_id: '{question_id}' },
    },
  ],
};
