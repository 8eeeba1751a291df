import { useQueryParam } from '../../../ui/useQueryParam';
import { parseScanId } from '../scan-edit-form';

/** The `scanId` of the address as a number, or null when it is missing or not a positive whole number. */
export function useScanId(): number | null {
  return parseScanId(useQueryParam('scanId'));
}
