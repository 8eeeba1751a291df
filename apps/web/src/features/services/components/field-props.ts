import type { AdvancedFormValues } from '../advanced-form';

/** What every part of the advanced tab takes: the form, a patch setter and the messages by field. */
export type AdvancedPartProps = { value: AdvancedFormValues; onChange: (patch: Partial<AdvancedFormValues>) => void; errors: Record<string, string> };
