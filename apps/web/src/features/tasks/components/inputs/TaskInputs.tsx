import Typography from '@mui/material/Typography';
import type { TaskType } from '@scanbase/contracts/tasks';
import { LabelInputsFields } from '../../../barcodes/components/LabelInputsFields';
import type { LabelFormValues } from '../../../barcodes/label-form';
import { inputsKind, type InputsFormValues } from '../../task-inputs';
import { CheckInOutInputs } from './CheckInOutInputs';
import { DatabaseInputs } from './DatabaseInputs';
import { ImportInputs } from './ImportInputs';
import { ScanFilterInputs } from './ScanFilterInputs';

type Props = {
  type: TaskType;
  labels: LabelFormValues;
  inputs: InputsFormValues;
  onLabelsChange: (patch: Partial<LabelFormValues>) => void;
  onInputsChange: (patch: Partial<InputsFormValues>) => void;
  /** Messages by input key (the part after `inputs.`). */
  errors: Record<string, string>;
  disabled: boolean;
};

const nothingToChoose: Partial<Record<TaskType, string>> = {
  downloaddevices: 'Nothing to choose: each run makes a CSV of every device of the account (name, id, app user, first and last seen).',
  exportuser: 'Nothing to choose: each run makes a CSV of every app user of the account with their device limit and services.',
};

/** The inputs of a task, by type. */
export function TaskInputs({ type, labels, inputs, onLabelsChange, onInputsChange, errors, disabled }: Props) {
  switch (inputsKind(type)) {
    case 'labels':
      return <LabelInputsFields value={labels} onChange={onLabelsChange} errors={errors} disabled={disabled} />;
    case 'database':
      return (
        <DatabaseInputs
          value={inputs.databaseId}
          onChange={(databaseId) => onInputsChange({ databaseId })}
          error={errors.databaseId}
          disabled={disabled}
          destructive={type === 'clearDatabase'}
          hint={type === 'downloaddatabase' ? 'The file has three columns: value, response, validity (1 valid, 0 invalid).' : undefined}
        />
      );
    case 'import':
      return <ImportInputs type={type as 'importdatabase' | 'importuser'} value={inputs} onChange={onInputsChange} errors={errors} disabled={disabled} />;
    case 'scans':
      return <ScanFilterInputs type={type as 'downloadscan' | 'bulkscanremoval' | 'postback' | 'exportscan'} value={inputs} onChange={onInputsChange} errors={errors} disabled={disabled} />;
    case 'checkinout':
      return <CheckInOutInputs type={type as 'downloadcheckinout' | 'importcheckinoutscans'} value={inputs} onChange={onInputsChange} errors={errors} disabled={disabled} />;
    case 'none':
      return <Typography color="text.secondary">{nothingToChoose[type]}</Typography>;
    default:
      return null;
  }
}
