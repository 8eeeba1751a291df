import Chip from '@mui/material/Chip';
import type { ValidationMethod } from '@scanbase/contracts/services';
import { serviceTypeLabel } from '../service-types';

/** The type of a service as a small outlined chip. */
export function ServiceTypeChip({ type }: { type: ValidationMethod }) {
  return <Chip size="small" variant="outlined" label={serviceTypeLabel(type)} sx={{ maxWidth: '100%' }} />;
}
