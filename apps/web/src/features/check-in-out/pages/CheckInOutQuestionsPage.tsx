import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { CheckWhen } from '@scanbase/contracts/check-in-out';
import type { SpecializedInstanceDetail } from '@scanbase/contracts/specialized';
import { useState } from 'react';
import { FormAlert } from '../../auth/components/FormAlert';
import { InstanceFrame } from '../../specialized/components/InstanceFrame';
import { InstanceQuestionsForm } from '../../specialized/components/InstanceQuestionsForm';
import { readSettings } from '../check-in-out-settings';
import { useSaveSettings } from '../hooks/useSaveSettings';

const whenLabel: Record<CheckWhen, string> = { both: 'Check-in and check-out', in: 'Check-in only', out: 'Check-out only' };

const texts = { empty: 'No questions: people scan and move on.', listLabel: 'Questions of this service, in the order they are asked', save: 'Save questions' };

/** The shared questions form plus, per question, the movements that ask it (kept in the instance's settings). */
function Questions({ instance }: { instance: SpecializedInstanceDetail }) {
  const [at, setAt] = useState<Record<string, CheckWhen>>(() => readSettings(instance.settings).questionsAt);
  const { save, pending } = useSaveSettings(instance);

  return (
    <InstanceQuestionsForm
      instance={instance}
      texts={texts}
      busy={pending}
      onSaved={async (rows) => {
        const kept = Object.fromEntries(Object.entries(at).filter(([id, when]) => when !== 'both' && rows.some((r) => String(r.id) === id)));
        await save({ questionsAt: kept });
      }}
      rowExtra={(row, question) => (
        <TextField
          select
          size="small"
          label={`Movements that ask “${question?.text ?? `question ${row.id}`}”`}
          value={at[String(row.id)] ?? 'both'}
          onChange={(event) => setAt({ ...at, [String(row.id)]: event.target.value as CheckWhen })}
          sx={{ maxWidth: 420, ml: { md: 2 } }}
        >
          {(Object.keys(whenLabel) as CheckWhen[]).map((w) => (
            <MenuItem key={w} value={w}>
              {whenLabel[w]}
            </MenuItem>
          ))}
        </TextField>
      )}
      notice={(rows, byId) => {
        const requiredOneWay = rows.filter((r) => r.required && r.condition === 'pre_submit' && (at[String(r.id)] ?? 'both') !== 'both');
        return requiredOneWay.length > 0 ? (
          <FormAlert
            severity="info"
            message={`The server requires an answer to a required “before the scan” question on every scan; “${byId.get(requiredOneWay[0]!.id)?.text ?? ''}” is asked at one direction only, so make it optional or ask it after the scan.`}
          />
        ) : null;
      }}
    />
  );
}

/** /account/specialized-services/{id}/check-in-out/questions/: the service's questions, each asked at check-in, check-out or both. */
export function CheckInOutQuestionsPage() {
  return (
    <InstanceFrame
      type="check-in-out"
      tab="questions"
      intro="The service's questions, with when each is asked (before or after the scan) and at which movements. Before the scan, the direction is the one chosen on the scanner (Fast and Confirm modes); after the scan, the one the server decided. In Toggle mode questions before the scan are asked at every scan."
    >
      {(instance) => <Questions instance={instance} />}
    </InstanceFrame>
  );
}
