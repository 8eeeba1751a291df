'use strict';

/**
 * The Zapier app of a self-hosted Scanbase, as plain objects in zapier-platform-core's app schema
 * (https://github.com/zapier/zapier-platform/blob/main/packages/schema/docs/build/schema.md).
 *
 * Every trigger is a REST hook (`hooks/subscribe` and `hooks/unsubscribe` of the V2 API, authenticated with
 * an account API key) with a polling fallback (`hooks/poll`, also what the Zap editor loads as test data).
 * Creates (add or update a database value, create an app user, run a task, generate a barcode) and searches
 * (find a database value, find a scan) call V2 routes that admit the key; hidden triggers fill the service,
 * database and task dropdowns. A refused call shows the server's message and its stable code in the Zap.
 * Each customer runs their own server, so the connection asks for its address beside the API key.
 *
 * Deploy: `cd integrations/zapier && npm install && npx zapier-platform-cli register && npx zapier-platform-cli push`.
 * `apps/server/src/modules/integrations/zapier-make.test.ts` runs these functions against a real server on loopback.
 */

const samples = require('./samples.json');
const { version } = require('./package.json');

/** The V2 address of a route on the customer's server. */
function api(bundle, path) {
  const base = String(bundle.authData.baseUrl || '').trim().replace(/\/+$/, '');
  return `${base}/api-v2/${path}/`;
}

/** Every request carries the API key as its bearer token. */
function includeApiKey(request, z, bundle) {
  if (bundle.authData && bundle.authData.apiKey) {
    request.headers = Object.assign({}, request.headers, { Authorization: `Bearer ${bundle.authData.apiKey}` });
  }
  return request;
}

/**
 * A refused call (`{error, message}` with HTTP 4xx/5xx) becomes an error Zapier shows in the Zap as
 * "<message> (<CODE>)"; a limit reached (429) may be retried by Zapier later.
 */
function explainError(response, z) {
  if (response.request && response.request.raw) return response;
  if (response.status < 400) return response;
  let body = {};
  try {
    body = typeof response.data === 'object' && response.data !== null ? response.data : JSON.parse(response.content);
  } catch (e) {
    body = {};
  }
  const code = typeof body.error === 'string' ? body.error : `HTTP_${response.status}`;
  const message = typeof body.message === 'string' ? body.message : `Scanbase answered HTTP ${response.status}.`;
  const details = Array.isArray(body.details) && body.details.length > 0 ? ` ${body.details.map((d) => `${d.path}: ${d.message}`).join('; ')}` : '';
  if (response.status === 401) throw new z.errors.RefreshAuthError(`${message} (${code})`);
  throw new z.errors.Error(`${message}${details} (${code})`, code, response.status);
}

async function post(z, bundle, path, body) {
  const response = await z.request({ url: api(bundle, path), method: 'POST', body });
  return response.data;
}

/** Zapier sends every input as text: a number field left empty is left out. */
function int(value) {
  if (value === undefined || value === null || String(value).trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : value;
}

/** Only the fields that have a value. */
function compact(object) {
  return Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined && v !== ''));
}

const serviceField = {
  key: 'serviceId',
  label: 'Service ID',
  type: 'integer',
  required: false,
  helpText: 'Only scans of this service (its number is in the address of the service page). Leave empty for every service.',
};

function subscribe(event) {
  return (z, bundle) => {
    const body = { targetUrl: bundle.targetUrl, event, source: 'zapier' };
    if (bundle.inputData && bundle.inputData.serviceId) body.serviceId = Number(bundle.inputData.serviceId);
    return post(z, bundle, 'hooks/subscribe', body);
  };
}

function unsubscribe(z, bundle) {
  return post(z, bundle, 'hooks/unsubscribe', { id: bundle.subscribeData.id });
}

/** A delivery is `{type, timestamp, data}`: the trigger's item is its data. */
function fromHook(z, bundle) {
  const body = bundle.cleanedRequest || {};
  return [body.data ? body.data : body];
}

function poll(event) {
  return async (z, bundle) => {
    const body = { event, limit: 25 };
    if (bundle.inputData && bundle.inputData.serviceId) body.serviceId = Number(bundle.inputData.serviceId);
    const data = await post(z, bundle, 'hooks/poll', body);
    return data.items;
  };
}

function trigger(key, event, noun, label, description, inputFields, outputFields) {
  return {
    key,
    noun,
    display: { label, description },
    operation: {
      type: 'hook',
      inputFields,
      performSubscribe: subscribe(event),
      performUnsubscribe: unsubscribe,
      perform: fromHook,
      performList: poll(event),
      sample: samples[event],
      outputFields,
    },
  };
}

const triggers = {
  new_scan: trigger('new_scan', 'scan.created', 'Scan', 'New Scan', 'Triggers when a scan is stored (scanned online or uploaded).', [serviceField], [
    { key: 'id', label: 'Scan ID', type: 'integer' },
    { key: 'serviceId', label: 'Service ID', type: 'integer' },
    { key: 'value', label: 'Barcode value' },
    { key: 'status', label: 'Status (1 valid, 0 invalid, -1 not validated)', type: 'integer' },
    { key: 'response', label: 'Response text' },
    { key: 'appUserId', label: 'App user ID', type: 'integer' },
    { key: 'deviceId', label: 'Device ID', type: 'integer' },
    { key: 'scannedAt', label: 'Scanned at (UTC)', type: 'datetime' },
    { key: 'receivedAt', label: 'Received at (UTC)', type: 'datetime' },
  ]),
  new_upload: trigger('new_upload', 'upload.completed', 'Upload', 'New Upload', 'Triggers when a batch of offline scans is uploaded.', [serviceField], [
    { key: 'id', label: 'Upload ID', type: 'integer' },
    { key: 'serviceId', label: 'Service ID', type: 'integer' },
    { key: 'scanCount', label: 'Scans in the upload', type: 'integer' },
  ]),
  new_database_value: trigger('new_database_value', 'database_value.created', 'Database Value', 'New Database Value', 'Triggers when a value is added to a validation database.', [], [
    { key: 'id', label: 'Value ID', type: 'integer' },
    { key: 'databaseId', label: 'Database ID', type: 'integer' },
    { key: 'value', label: 'Value' },
    { key: 'response', label: 'Response text' },
    { key: 'validity', label: 'Validity (1 valid, 0 invalid)', type: 'integer' },
  ]),
  task_finished: trigger('task_finished', 'task_run.finished', 'Task Run', 'Task Finished', 'Triggers when a task run (an export, an import, …) ends successfully.', [], [
    { key: 'id', label: 'Run ID', type: 'integer' },
    { key: 'taskId', label: 'Task ID', type: 'integer' },
    { key: 'type', label: 'Task type' },
    { key: 'summary', label: 'Summary' },
    { key: 'finishedAt', label: 'Finished at (UTC)', type: 'datetime' },
  ]),
};

/** A hidden trigger that fills a dropdown: `{id, name}` items of a list route, 100 per page. */
function dropdown(key, noun, path) {
  return {
    key,
    noun,
    display: { label: `List of ${noun}s`, description: `Fills the ${noun.toLowerCase()} dropdowns of the actions.`, hidden: true },
    operation: {
      perform: async (z, bundle) => {
        const page = (bundle.meta && Number(bundle.meta.page)) || 0;
        const data = await post(z, bundle, path, { page: page + 1, limit: 100, sortby: 'name' });
        return data.items.map((item) => ({ id: item.id, name: item.name }));
      },
      canPaginate: true,
      sample: { id: 12, name: `Example ${noun.toLowerCase()}` },
      outputFields: [{ key: 'id', label: `${noun} ID`, type: 'integer' }, { key: 'name', label: 'Name' }],
    },
  };
}

triggers.service_list = dropdown('service_list', 'Service', 'services/list');
triggers.database_list = dropdown('database_list', 'Database', 'databases/list');
triggers.task_list = dropdown('task_list', 'Task', 'tasks/list');

const databaseField = { key: 'databaseId', label: 'Database', type: 'integer', required: true, dynamic: 'database_list.id.name', helpText: 'The validation database (Databases in Scanbase).' };
const valueOutputFields = [
  { key: 'id', label: 'Value ID', type: 'integer' },
  { key: 'databaseId', label: 'Database ID', type: 'integer' },
  { key: 'value', label: 'Value' },
  { key: 'response', label: 'Response text' },
  { key: 'validity', label: 'Validity (1 valid, 0 invalid)', type: 'integer' },
];

const creates = {
  upsert_value: {
    key: 'upsert_value',
    noun: 'Database Value',
    display: { label: 'Add or Update Database Value', description: 'Adds a value to a validation database, or changes the response and validity of the value already there.' },
    operation: {
      inputFields: [
        databaseField,
        { key: 'value', label: 'Value', required: true, helpText: 'The barcode value, up to 500 characters (spaces around it are removed).' },
        { key: 'response', label: 'Response text', required: false, helpText: 'What the scanner shows for this value. Left empty: a new value gets none, an existing one keeps its own.' },
        { key: 'validity', label: 'Validity', required: false, choices: { 1: 'Valid', 0: 'Invalid' }, helpText: 'Left empty: a new value is valid, an existing one keeps its validity.' },
      ],
      perform: (z, bundle) => post(z, bundle, 'hooks/upsert-value', compact({ databaseId: int(bundle.inputData.databaseId), value: bundle.inputData.value, response: bundle.inputData.response, validity: int(bundle.inputData.validity) })),
      sample: Object.assign({}, samples['database_value.created'], { created: true }),
      outputFields: valueOutputFields.concat([{ key: 'created', label: 'Added (true) or updated (false)', type: 'boolean' }]),
    },
  },
  create_app_user: {
    key: 'create_app_user',
    noun: 'App User',
    display: { label: 'Create App User', description: 'Creates a person who scans, with a password (or an invitation when the username is an email address).' },
    operation: {
      inputFields: [
        { key: 'username', label: 'Username', required: true, helpText: 'A name, or an email address to send an invitation instead of setting a password.' },
        { key: 'password', label: 'Password', type: 'password', required: false, helpText: 'At least 4 characters. Leave empty for an email username (the person sets it from the invitation).' },
        { key: 'serviceIds', label: 'Services', type: 'integer', list: true, required: false, dynamic: 'service_list.id.name', helpText: 'The services this person may scan with.' },
        { key: 'deviceLimit', label: 'Device limit', type: 'integer', required: false, helpText: 'How many devices may sign in as this person. Empty: no limit.' },
      ],
      perform: (z, bundle) => {
        const ids = [].concat(bundle.inputData.serviceIds || []).map(int).filter((v) => v !== undefined);
        return post(z, bundle, 'appusers/create', compact({ username: bundle.inputData.username, password: bundle.inputData.password, deviceLimit: int(bundle.inputData.deviceLimit), serviceIds: ids.length > 0 ? ids : undefined }));
      },
      sample: { id: 7, username: 'gate-a', isOwner: false, invited: false, deviceLimit: null, serviceIds: [12], createdAt: '2026-01-15T09:00:00.000Z' },
      outputFields: [
        { key: 'id', label: 'App user ID', type: 'integer' },
        { key: 'username', label: 'Username' },
        { key: 'invited', label: 'Invitation sent', type: 'boolean' },
        { key: 'deviceLimit', label: 'Device limit', type: 'integer' },
        { key: 'createdAt', label: 'Created at (UTC)', type: 'datetime' },
      ],
    },
  },
  run_task: {
    key: 'run_task',
    noun: 'Task Run',
    display: { label: 'Run Task', description: 'Starts a run of one of your tasks (an export, an import, …) now. Use the Task Finished trigger to act when it ends.' },
    operation: {
      inputFields: [{ key: 'taskId', label: 'Task', type: 'integer', required: true, dynamic: 'task_list.id.name', helpText: 'One of your tasks (Tasks in Scanbase).' }],
      perform: async (z, bundle) => {
        const taskId = int(bundle.inputData.taskId);
        const data = await post(z, bundle, 'tasks/run', { id: taskId });
        return { id: data.jobId, taskId };
      },
      sample: { id: 9001, taskId: 42 },
      outputFields: [
        { key: 'id', label: 'Run ID', type: 'integer' },
        { key: 'taskId', label: 'Task ID', type: 'integer' },
      ],
    },
  },
  generate_barcode: {
    key: 'generate_barcode',
    noun: 'Barcode',
    display: { label: 'Generate Barcode', description: 'Renders a barcode or QR code image of a value: a file later steps can attach or upload.' },
    operation: {
      inputFields: [
        { key: 'value', label: 'Value', required: true, helpText: 'The text to encode, up to 4,000 characters.' },
        { key: 'symbology', label: 'Symbology', required: false, default: 'qrcode', choices: { qrcode: 'QR Code', datamatrix: 'Data Matrix', pdf417: 'PDF417', azteccode: 'Aztec Code', code128: 'Code 128', 'gs1-128': 'GS1-128', code39: 'Code 39', ean13: 'EAN-13', ean8: 'EAN-8', upca: 'UPC-A', itf14: 'ITF-14' } },
        { key: 'format', label: 'Image format', required: false, default: 'png', choices: { png: 'PNG', svg: 'SVG', jpg: 'JPEG', gif: 'GIF' } },
        { key: 'width', label: 'Width in pixels', type: 'integer', required: false, helpText: '50 to 4,000. Empty: the symbology’s own size.' },
        { key: 'templateId', label: 'Barcode template ID', type: 'integer', required: false, helpText: 'One of your barcode templates (its colours, caption and logo).' },
      ],
      perform: async (z, bundle) => {
        const format = bundle.inputData.format || 'png';
        const body = compact({ value: bundle.inputData.value, symbology: bundle.inputData.symbology || 'qrcode', format, width: int(bundle.inputData.width), templateId: int(bundle.inputData.templateId) });
        const response = await z.request({ url: api(bundle, 'barcode/generate'), method: 'POST', body, raw: true, skipThrowForStatus: true });
        if (response.status >= 400) {
          let error = {};
          try {
            error = JSON.parse(await response.text());
          } catch (e) {
            error = {};
          }
          throw new z.errors.Error(`${error.message || `Scanbase answered HTTP ${response.status}.`} (${error.error || `HTTP_${response.status}`})`, error.error || `HTTP_${response.status}`, response.status);
        }
        const contentType = String(response.headers.get('content-type') || 'image/png').split(';')[0];
        const bytes = await response.buffer();
        const filename = `barcode.${format}`;
        const file = await z.stashFile(bytes, bytes.length, filename, contentType);
        return { value: bundle.inputData.value, symbology: body.symbology, format, contentType, filename, size: bytes.length, file };
      },
      sample: { value: 'SKU-000123', symbology: 'qrcode', format: 'png', contentType: 'image/png', filename: 'barcode.png', size: 1234, file: 'https://zapier-dev-files.s3.amazonaws.com/cli-platform/barcode.png' },
      outputFields: [
        { key: 'file', label: 'Image file', type: 'file' },
        { key: 'filename', label: 'File name' },
        { key: 'contentType', label: 'Content type' },
        { key: 'size', label: 'Size in bytes', type: 'integer' },
        { key: 'value', label: 'Value' },
        { key: 'symbology', label: 'Symbology' },
        { key: 'format', label: 'Image format' },
      ],
    },
  },
};

const scanOutputFields = triggers.new_scan.operation.outputFields;

const searches = {
  find_value: {
    key: 'find_value',
    noun: 'Database Value',
    display: { label: 'Find Database Value', description: 'Finds a value in a validation database by its exact text (the database’s case sensitivity applies).' },
    operation: {
      inputFields: [databaseField, { key: 'value', label: 'Value', required: true }],
      perform: async (z, bundle) => (await post(z, bundle, 'hooks/find-value', { databaseId: int(bundle.inputData.databaseId), value: bundle.inputData.value })).items,
      sample: samples['database_value.created'],
      outputFields: valueOutputFields,
    },
  },
  find_scan: {
    key: 'find_scan',
    noun: 'Scan',
    display: { label: 'Find Scan', description: 'Finds the newest scan with exactly this value, of one service or of all.' },
    operation: {
      inputFields: [
        { key: 'value', label: 'Barcode value', required: true },
        Object.assign({}, serviceField, { label: 'Service', dynamic: 'service_list.id.name', helpText: 'Only scans of this service. Leave empty for every service.' }),
      ],
      perform: async (z, bundle) => (await post(z, bundle, 'hooks/find-scan', compact({ value: bundle.inputData.value, serviceId: int(bundle.inputData.serviceId), limit: 1 }))).items,
      sample: samples['scan.created'],
      outputFields: scanOutputFields,
    },
  },
};

module.exports = {
  version,
  platformVersion: '19.1.0',
  authentication: {
    type: 'custom',
    fields: [
      { key: 'baseUrl', label: 'Scanbase address', type: 'string', required: true, helpText: 'The address you open Scanbase at, for example `https://scan.example.com`.' },
      { key: 'apiKey', label: 'API key', type: 'password', required: true, helpText: 'Create one on Account → API (it starts with `sb_`).' },
    ],
    test: (z, bundle) => post(z, bundle, 'hooks/me', {}),
    connectionLabel: '{{name}} ({{email}})',
  },
  beforeRequest: [includeApiKey],
  afterResponse: [explainError],
  triggers,
  searches,
  creates,
  // "Find Database Value" offers "add it when it is not there" (the create takes the search's fields).
  searchOrCreates: {
    find_value: { key: 'find_value', display: { label: 'Find or Add Database Value', description: 'Finds a value in a validation database by its exact text, and adds it when it is not there.' }, search: 'find_value', create: 'upsert_value' },
  },
  resources: {},
};
