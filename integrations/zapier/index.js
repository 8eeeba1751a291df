'use strict';

/**
 * The Zapier app of a self-hosted Scanbase, as plain objects in zapier-platform-core's app schema
 * (https://github.com/zapier/zapier-platform/blob/main/packages/schema/docs/build/schema.md).
 *
 * Every trigger is a REST hook (`hooks/subscribe` and `hooks/unsubscribe` of the V2 API, authenticated with
 * an account API key) with a polling fallback (`hooks/poll`, also what the Zap editor loads as test data).
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

async function post(z, bundle, path, body) {
  const response = await z.request({ url: api(bundle, path), method: 'POST', body });
  return response.data;
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

module.exports = {
  version,
  platformVersion: '15.19.0',
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
  afterResponse: [],
  triggers,
  searches: {},
  creates: {},
  resources: {},
};
