import { validationMethodInfo, type ValidationMethod } from '@scanbase/contracts/services';

/** The six service types with their plain-language label and description (from the contract). */
export const serviceTypeInfo = validationMethodInfo;

/** A service type's label, e.g. "Validate against a database". */
export function serviceTypeLabel(type: ValidationMethod): string {
  return serviceTypeInfo.find((info) => info.type === type)?.label ?? type;
}

/** Types that check each scan against a database of values. */
export function usesDatabase(type: ValidationMethod): boolean {
  return type === 'database' || type === 'ondevicedatabase';
}

/** What happens next in the scanner app, per type: one sentence for the summary page. */
export const serviceTypeOutcome: Record<ValidationMethod, string> = {
  record: 'Every scan is saved online as it happens.',
  ondevicerecord: 'Scans are kept on the phone and uploaded when it is online.',
  database: 'Each scan is checked online against the database and shown as valid, invalid or a duplicate.',
  ondevicedatabase: 'The database is downloaded to the phone; scans are checked there and uploaded later.',
  postback: 'Each scan is sent to your server, and its reply is shown in the scanner app.',
  webview: 'The scanner app shows your web content instead of a scanner.',
};

/** When a question is asked, in plain words (legacy `condition`). */
export const questionConditionInfo = [
  { value: 'pre_submit', label: 'After each scan, before it is saved', hint: 'The usual choice: the answer is saved with the scan.' },
  { value: 'post_submit', label: 'After the scan result is shown', hint: 'Asked once the person has seen valid / invalid.' },
  { value: 'valid_scan', label: 'Only when the scan is valid', hint: 'Skipped for invalid scans.' },
  { value: 'invalid_scan', label: 'Only when the scan is invalid', hint: 'For example: why was the ticket refused?' },
  { value: 'shared_submit', label: 'Once per session, for every scan', hint: 'Asked once (e.g. "Which gate are you at?") and saved with every scan after it.' },
] as const;

export type QuestionCondition = (typeof questionConditionInfo)[number]['value'];

export function conditionLabel(condition: string): string {
  return questionConditionInfo.find((info) => info.value === condition)?.label ?? condition;
}

/** What the scanner app does after a scan (legacy `auto_next_scan`). */
export const autoNextOptions = [
  { value: '0', label: 'Wait for the person to scan again' },
  { value: '1', label: 'Scan again automatically after a valid scan' },
  { value: '2', label: 'Always scan again; keep scans with errors' },
  { value: '3', label: 'Always scan again; drop scans with errors' },
] as const;

/** Barcode types (symbology ids 1-49 of the legacy API), most common first within their group. */
export const symbologyGroups: readonly { heading: string; items: readonly { id: number; label: string }[] }[] = [
  {
    heading: 'Common',
    items: [
      { id: 34, label: 'QR Code' },
      { id: 6, label: 'Code 128' },
      { id: 7, label: 'Code 39' },
      { id: 14, label: 'EAN 13' },
      { id: 18, label: 'EAN 8' },
      { id: 41, label: 'UPC A' },
      { id: 44, label: 'UPC E' },
      { id: 12, label: 'Data Matrix' },
      { id: 33, label: 'PDF 417' },
      { id: 1, label: 'Aztec' },
    ],
  },
  {
    heading: 'Other 1D barcodes',
    items: [
      { id: 2, label: 'C128 ISBT' },
      { id: 3, label: 'Codabar' },
      { id: 5, label: 'Code 11' },
      { id: 8, label: 'Code 93' },
      { id: 21, label: 'GS1 128' },
      { id: 23, label: 'Hong Kong 2 of 5' },
      { id: 24, label: 'I25' },
      { id: 25, label: 'IATA 2 of 5' },
      { id: 26, label: 'Interleaved 2 of 5' },
      { id: 27, label: 'ITF' },
      { id: 28, label: 'Korea Post' },
      { id: 29, label: 'Matrix 2 of 5' },
      { id: 32, label: 'MSI' },
      { id: 35, label: 'RSS 14' },
      { id: 36, label: 'RSS Expanded' },
      { id: 37, label: 'RSS Limited' },
      { id: 38, label: 'Standard 2 of 5' },
      { id: 39, label: 'Telepen' },
      { id: 40, label: 'Trioptic' },
      { id: 11, label: 'Coupon code' },
    ],
  },
  {
    heading: 'EAN and UPC variants',
    items: [
      { id: 15, label: 'EAN 13 + 2-digit add-on' },
      { id: 16, label: 'EAN 13 + 5-digit add-on' },
      { id: 17, label: 'EAN 13 ISBN' },
      { id: 19, label: 'EAN 8 + 2-digit add-on' },
      { id: 20, label: 'EAN 8 + 5-digit add-on' },
      { id: 42, label: 'UPC A + 2-digit add-on' },
      { id: 43, label: 'UPC A + 5-digit add-on' },
      { id: 45, label: 'UPC E0' },
      { id: 46, label: 'UPC E1' },
      { id: 47, label: 'UPC E + 2-digit add-on' },
      { id: 48, label: 'UPC E + 5-digit add-on' },
      { id: 49, label: 'UPC E expanded' },
    ],
  },
  {
    heading: 'Other 2D barcodes',
    items: [
      { id: 4, label: 'Codablock F' },
      { id: 9, label: 'Composite' },
      { id: 10, label: 'Composite with UPC' },
      { id: 13, label: 'Data Matrix rectangle' },
      { id: 22, label: 'Han Xin' },
      { id: 30, label: 'MaxiCode' },
      { id: 31, label: 'MicroPDF' },
    ],
  },
];

const symbologyNames = new Map(symbologyGroups.flatMap((group) => group.items.map((item) => [item.id, item.label] as const)));

export function symbologyLabel(id: number): string {
  return symbologyNames.get(id) ?? `Type ${id}`;
}
