import { useState } from 'react';
import { placeIssues, type Issue } from '../../../ui/form-issues';

/** The problems of a form: placed on their fields, cleared field by field as they are edited. */
export function useIssues(fieldKeys: readonly string[]) {
  const [issues, setIssues] = useState<Issue[]>([]);
  const placed = placeIssues(issues, fieldKeys);
  const clear = (keys: readonly string[]) => setIssues((current) => current.filter((issue) => !keys.includes(issue.path)));
  return { issues, setIssues, clear, fields: placed.fields, general: placed.general.join(' ') || (issues.length > 0 ? 'Some fields need attention; see the messages below them.' : null) };
}
