import type { Service, ValidationMethod } from '@scanbase/contracts/services';
import type { Issue } from '../../ui/form-issues';
import { usesDatabase } from './service-types';
import { emptyWebContent, isWebUrl, parseWebContent, webContentValue, type WebContentForm } from './web-content';

/** Legacy service variables, as `services/create` and `services/update` take them. */
export type ServiceVariables = Record<string, string | number | boolean>;

/** The "type" step of a service: name, type and what the type needs (database, URL, web content, duplicates). */
export type BasicsFormValues = WebContentForm & {
  name: string;
  type: ValidationMethod;
  /** Database id as text; '' when none is picked. */
  databaseId: string;
  postbackUrl: string;
  description: string;
  /** Database types: is a value scanned a second time valid again, or a duplicate (invalid)? */
  duplicates: 'valid' | 'invalid';
  /** On-device database: when duplicates are valid, also accept a repeat on the device before it syncs. */
  deviceDuplicates: boolean;
};

export const basicsFieldKeys = ['name', 'type', 'databaseId', 'postbackUrl', 'description', 'webUrl', 'webHtml', 'duplicates'] as const;

/** A new service of a type: duplicates count as invalid (the usual wish for tickets and badges). */
export function newBasicsForm(type: ValidationMethod, databaseId = ''): BasicsFormValues {
  return { ...emptyWebContent, name: '', type, databaseId, postbackUrl: '', description: '', duplicates: 'invalid', deviceDuplicates: true };
}

/** The form of a stored service. */
export function basicsToForm(service: Service): BasicsFormValues {
  const webview = service.validationMethod === 'webview';
  return {
    ...(webview ? parseWebContent(service.description) : emptyWebContent),
    name: service.name,
    type: service.validationMethod,
    databaseId: service.databaseId === null ? '' : String(service.databaseId),
    postbackUrl: service.postbackUrl,
    description: webview ? '' : service.description,
    duplicates: service.duplicateValue ? 'valid' : 'invalid',
    deviceDuplicates: service.settings.deviceDuplicateValue,
  };
}

type Checked = { variables: ServiceVariables; issues: [] } | { variables: null; issues: Issue[] };

function nameIssue(name: string, required: boolean): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return required ? 'Give the service a name' : null;
  if (trimmed.length > 100) return 'Use at most 100 characters';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f<>]/.test(trimmed)) return 'Leave out < and >';
  return null;
}

/**
 * The variables to send for the type step, checked the way the server checks them. On create
 * (`current` absent) a blank name is left out so the server names it "Service N". On update,
 * switching type also switches off settings the new type does not allow (direct scan on
 * non-postback types, forwarding options on postback types), which the server would refuse.
 */
export function basicsVariables(form: BasicsFormValues, current?: Service): Checked {
  const issues: Issue[] = [];
  const variables: ServiceVariables = { validation_method: form.type };
  const nameProblem = nameIssue(form.name, current !== undefined);
  if (nameProblem) issues.push({ path: 'name', message: nameProblem });
  else if (form.name.trim() !== '') variables.service_name = form.name.trim();

  if (usesDatabase(form.type)) {
    if (form.databaseId === '') issues.push({ path: 'databaseId', message: 'Pick the database that holds the valid values' });
    else variables.database_id = Number(form.databaseId);
    variables.duplicate_value = form.duplicates === 'valid';
    if (form.type === 'ondevicedatabase' && form.duplicates === 'valid') variables.device_duplicate_value = form.deviceDuplicates;
  }

  if (form.type === 'postback') {
    if (!isWebUrl(form.postbackUrl)) issues.push({ path: 'postbackUrl', message: 'Enter your server’s address, starting with http:// or https://' });
    else variables.postback_url = form.postbackUrl.trim();
  }

  if (form.type === 'webview') {
    const content = webContentValue(form);
    if ('value' in content) variables.description = content.value;
    else issues.push({ path: content.path, message: content.message });
  } else {
    // Sent when it changed, or to drop the web content of a service that was a webview.
    const description = form.description.trim();
    const stored = current && current.validationMethod !== 'webview' ? current.description : '';
    if (description !== stored || current?.validationMethod === 'webview') variables.description = description;
  }

  if (current) {
    const s = current.settings;
    if (form.type !== 'postback' && s.enableDirectScan) variables.enable_direct_scan = false;
    if (form.type === 'postback') {
      if (s.postbackReceiverOnly) variables.postback_receiver_only = false;
      if (s.postbackRealTimeScans) variables.postback_real_time_scans = false;
      if (s.postbackUploadedScans) variables.postback_uploaded_scans = false;
    }
  }

  return issues.length > 0 ? { variables: null, issues } : { variables, issues: [] };
}
