import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Service } from '@scanbase/contracts/services';
import { questionTypeLabel } from '../../questions/question-form';
import { NextSteps } from '../components/NextSteps';
import { ServiceFrame } from '../components/ServiceFrame';
import { SummaryList, type SummaryItem } from '../components/SummaryList';
import { useAppUserOptions } from '../hooks/useAppUserOptions';
import { useDatabaseOptions } from '../hooks/useDatabaseOptions';
import { useQuestionOptions } from '../hooks/useQuestionOptions';
import { describeExtras, describePeriod, describeSymbologies } from '../service-summary';
import { serviceTabHref } from '../service-tabs';
import { conditionLabel, serviceTypeLabel, serviceTypeOutcome, usesDatabase } from '../service-types';

function names(ids: readonly number[], lookup: ReadonlyMap<number, string>, none: string): string {
  if (ids.length === 0) return none;
  const list = ids.map((id) => lookup.get(id) ?? `#${id}`);
  return list.length > 8 ? `${list.slice(0, 8).join(', ')} and ${list.length - 8} more` : list.join(', ');
}

function Summary({ service }: { service: Service }) {
  const databases = useDatabaseOptions();
  const users = useAppUserOptions();
  const questions = useQuestionOptions();
  const database = databases.data?.items.find((db) => db.id === service.databaseId);
  const userNames = new Map((users.data?.items ?? []).map((user) => [user.id, user.username] as const));
  const questionById = new Map((questions.data?.items ?? []).map((q) => [q.id, q] as const));
  const tab = (name: Parameters<typeof serviceTabHref>[1]) => serviceTabHref(service.id, name);
  const extras = describeExtras(service);

  const items: SummaryItem[] = [{ label: 'Type', value: `${serviceTypeLabel(service.validationMethod)}. ${serviceTypeOutcome[service.validationMethod]}`, editHref: tab('type'), editLabel: 'Change the type' }];
  if (usesDatabase(service.validationMethod)) {
    items.push({
      label: 'Database',
      value: `${database ? `${database.name} (${database.valueCount.toLocaleString()} values)` : `#${service.databaseId ?? ''}`}; a repeat scan is ${service.duplicateValue ? 'valid again' : 'a duplicate (invalid)'}`,
      editHref: tab('type'),
      editLabel: 'Change the database',
    });
  }
  if (service.validationMethod === 'postback') items.push({ label: 'Your server', value: service.postbackUrl, editHref: tab('type'), editLabel: 'Change the postback URL' });
  items.push({ label: 'Who can use it', value: names(service.userIds, userNames, 'Nobody yet'), editHref: tab('users'), editLabel: 'Change who can use it' });
  items.push({
    label: 'Questions',
    value:
      service.questions.length === 0 ? (
        'None'
      ) : (
        <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
          {service.questions.map((q) => {
            const info = questionById.get(q.id);
            return (
              <li key={q.id}>
                {info ? `${info.text} (${questionTypeLabel(info.type)})` : `#${q.id}`}: {conditionLabel(q.condition).toLowerCase()}
                {q.required ? ', required' : ', optional'}
              </li>
            );
          })}
        </Box>
      ),
    editHref: tab('questions'),
    editLabel: 'Change the questions',
  });
  items.push({ label: 'Active', value: describePeriod(service), editHref: tab('advanced'), editLabel: 'Change when it can be used' });
  items.push({ label: 'Barcode types', value: describeSymbologies(service), editHref: tab('advanced'), editLabel: 'Change the barcode types' });
  items.push({ label: 'Other settings', value: extras.length === 0 ? 'Defaults' : extras.join('; '), editHref: tab('advanced'), editLabel: 'Change other settings' });

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Paper variant="outlined" component="section" aria-label="Summary" sx={{ p: { xs: 2, sm: 3 } }}>
        <SummaryList items={items} />
      </Paper>
      <Box component="section" aria-labelledby="next-steps">
        <Typography id="next-steps" variant="h3" sx={{ mb: 1.5 }}>
          What to do next
        </Typography>
        <NextSteps service={service} />
      </Box>
    </Box>
  );
}

/** /account/services/{serviceId}/done/: the service in a few lines, and what to do next. */
export function ServiceDonePage() {
  return (
    <ServiceFrame tab="done" intro="Your service at a glance, and what to do next.">
      {(service) => <Summary service={service} />}
    </ServiceFrame>
  );
}
