import { z } from 'zod';
import { id, listQuery, listReply, okReply, timestamp } from './common.js';
import { defineV2Route } from './route.js';

/** Service types (legacy `validation_method`) with the plain-language description the pre-create page shows. */
export const validationMethodInfo = [
  { type: 'record', label: 'Record scans', description: 'Every scan is saved online as it happens. Good for attendance, audits and inventory counts.' },
  { type: 'ondevicerecord', label: 'Record scans offline', description: 'Scans are kept on the device and uploaded later, so it works without a connection.' },
  { type: 'database', label: 'Validate against a database', description: 'Each scan is checked online against a list of values (tickets, badges, parts): valid, invalid or duplicate.' },
  { type: 'ondevicedatabase', label: 'Validate offline against a database', description: 'The list is downloaded to the device and checked there, then scans sync back.' },
  { type: 'postback', label: 'Send scans to your server', description: 'Each scan is posted to your URL, which decides what the scanner shows.' },
  { type: 'webview', label: 'Show web content', description: 'Shows a web page or your own HTML; no scanning.' },
] as const;
export const validationMethods = ['record', 'ondevicerecord', 'database', 'ondevicedatabase', 'postback', 'webview'] as const;
export const validationMethod = z.enum(validationMethods);
export type ValidationMethod = z.infer<typeof validationMethod>;

export const questionConditions = ['shared_submit', 'pre_submit', 'post_submit', 'valid_scan', 'invalid_scan'] as const;
export const questionCondition = z.enum(questionConditions);

/** Every setting of a service that is not a column of its own (legacy variable names in comments). */
export const serviceSettings = z.object({
  deviceDuplicateValue: z.boolean(), // device_duplicate_value
  periodStartDate: z.string().nullable(), // YYYY-MM-DD
  periodEndDate: z.string().nullable(),
  periodStartTime: z.string(), // HH:MM:SS
  periodEndTime: z.string(),
  uploadEmail: z.string(),
  uploadEmailFormat: z.enum(['regular', 'properties']),
  viewOtherScans: z.boolean(),
  directHistoryUrl: z.string(),
  directLookupUrl: z.string(),
  enableDirectScan: z.boolean(),
  postbackReceiverOnly: z.boolean(),
  postbackRealTimeScans: z.boolean(),
  postbackUploadedScans: z.boolean(),
  regexResponsePattern: z.string(),
  regexResponseReplacement: z.string(),
  regexScanPattern: z.string(),
  regexScanReplacement: z.string(),
  symbologies: z.array(z.number().int()), // empty: the default set
  autoNextScan: z.number().int().min(0).max(3),
  autoNextScanDelay: z.number(),
  enableGps: z.boolean(),
  blockCameraScan: z.boolean(),
  blockManualScan: z.boolean(),
  blockDbSearch: z.boolean(),
  autoSync: z.boolean(),
  autoSyncUpUrl: z.string(),
  autoSyncUpDelay: z.number(),
  autoSyncDown: z.boolean(),
  autoSyncDownDelay: z.number(),
  decoderConfig: z.string().nullable(),
  /** Conditional validation: at most maxScans valid scans of one value per window (rolling); more are invalid. */
  conditionalLimit: z.object({ maxScans: z.number().int().min(1).max(1_000_000), window: z.enum(['hour', 'day', 'week', 'month', 'ever']) }).nullable(),
});
export type ServiceSettings = z.infer<typeof serviceSettings>;

export const serviceQuestion = z.object({ id, condition: questionCondition, required: z.boolean() });

export const service = z.object({
  id,
  name: z.string(),
  validationMethod,
  databaseId: id.nullable(),
  postbackUrl: z.string(),
  description: z.string(),
  duplicateValue: z.boolean(),
  settings: serviceSettings,
  userIds: z.array(id),
  questions: z.array(serviceQuestion),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Service = z.infer<typeof service>;

/** Create/update input: the legacy variables by name (one set of rules for both APIs). */
export const serviceVariables = z.record(z.string().regex(/^[a-zA-Z_]+$/), z.union([z.string().max(100_000), z.number(), z.boolean()]));

export const listServices = defineV2Route({ path: 'services/list', access: 'admin', summary: 'Services, filtered by name (search) and type (servicetype).', body: listQuery.extend({ servicetype: validationMethod.optional() }), reply: listReply(service) });
export const getService = defineV2Route({ path: 'services/get', access: 'admin', summary: 'One service with its users and questions.', body: z.object({ id }), reply: service });
export const createService = defineV2Route({ path: 'services/create', access: 'admin', summary: 'Creates a service from legacy variables (validation_method, service_name, database_id, ...).', body: z.object({ variables: serviceVariables }), reply: service });
export const updateService = defineV2Route({ path: 'services/update', access: 'admin', summary: 'Changes a service; variables left out stay (symbologies too, unlike the legacy update; symbologies "" goes back to the default set).', body: z.object({ id, variables: serviceVariables }), reply: service });
export const deleteService = defineV2Route({ path: 'services/delete', access: 'admin', summary: 'Deletes a service (its scans stay).', body: z.object({ id }), reply: okReply });
export const setServiceUsers = defineV2Route({ path: 'services/set-users', access: 'admin', summary: 'Replaces the app users allowed to use a service.', body: z.object({ id, userIds: z.array(id).max(10_000) }), reply: service });
export const setServiceQuestions = defineV2Route({ path: 'services/set-questions', access: 'admin', summary: 'Replaces the questions of a service, in order.', body: z.object({ id, questions: z.array(serviceQuestion).max(500) }), reply: service });
export const createDemoService = defineV2Route({ path: 'services/create-demo', access: 'admin', summary: 'Creates a ready-made demo: a ticket database, two questions and a validating service.', body: z.object({}), reply: service });
