import type { LegacySectionDoc } from '../types.js';

/** The `barcode` section. */
export const barcodeSection: LegacySectionDoc = {
  section: 'barcode',
  title: 'Barcode images',
  summary: 'Draws QR and PDF417 codes as images, on this same `/api/` endpoint.',
  actions: [
    {
      action: 'generate',
      summary: 'Answers an image of a QR or PDF417 code of the value (raw image bytes; an error is still an XML document).',
      details: 'Check the Content-Type of the reply: `image/gif`, `image/jpeg` or `image/png` on success, `text/xml` with `<status>0</status>` on failure. A bad option value answers 50 naming the variable and its allowed values; a value the symbology cannot encode answers 1028.',
      readOnly: true,
      params: [
        { name: 'value', type: 'text', required: true, description: 'The text to encode, at most 100 characters. Missing, empty or too long: 1028.' },
        { name: 'barcodetype', type: 'enum', required: false, default: 'qr', values: ['qr', 'pdf417'], description: 'The symbology.' },
        { name: 'filetype', type: 'enum', required: false, default: 'GIF', values: ['GIF', 'JPG', 'PNG'], description: 'The image format.' },
        { name: 'size', type: 'integer', required: false, description: '1 to 10: the image is size × 50 pixels wide.' },
        { name: 'errorcorrection', type: 'enum', required: false, default: 'L', values: ['L', 'M', 'Q', 'H'], description: 'QR error correction level.' },
        { name: 'hidevalue', type: 'text', required: false, default: '(shown)', description: 'Any non-empty value other than `0` hides the value printed with the code.' },
        { name: 'valuesize', type: 'integer', required: false, default: '4', description: '1 to 10: the size of the printed value (6 + 3 × valuesize pixels).' },
        { name: 'valueposition', type: 'enum', required: false, default: 'bottom', values: ['top', 'bottom'], description: 'Where the value is printed.' },
        { name: 'hideframe', type: 'flag', required: false, default: '0', description: '1 leaves out the frame around the code.' },
        { name: 'text', type: 'text', required: false, description: 'A caption printed under the value (the first 200 characters).' },
        { name: 'textsize', type: 'integer', required: false, default: '14', description: '1 to 30: the caption size in pixels (at least 6 is drawn).' },
        { name: 'textalignment', type: 'enum', required: false, default: 'L', values: ['L', 'C', 'R'], description: 'Caption alignment: left, centre or right.' },
        { name: 'logo', type: 'file', required: false, description: 'A PNG, JPG or GIF image of at most 1 MB, sent as a multipart file part named `logo`, drawn beside the code. A URL is not fetched: it answers 222.' },
        { name: 'logoposition', type: 'enum', required: false, default: 'top', values: ['top', 'bottom', 'left', 'right'], description: 'Where the logo goes.' },
      ],
      errors: [222, 1028],
      sample: { value: 'TICKET-0001', barcodetype: 'qr', filetype: 'PNG', size: '4' },
    },
  ],
};

/** The `barcodetemplate` section. */
export const barcodeTemplateSection: LegacySectionDoc = {
  section: 'barcodetemplate',
  title: 'Barcode template logos',
  summary: 'Barcode templates are made in the web app (Barcodes); this section serves their logo files.',
  actions: [
    {
      action: 'getlogofile',
      summary: 'Answers the PNG bytes of the logo of one of the account\'s barcode templates.',
      details: 'Logos are stored re-encoded as PNG (at most 1024 × 1024 pixels) under names like `logo-3f9c0a7d5e1b24c6a8f0e2d4.png`. A name that is not one of the account\'s logos answers 104.',
      readOnly: true,
      params: [{ name: 'filename', type: 'text', required: true, description: 'The logo\'s file name, as the template shows it. Missing: 50.' }],
      errors: [104],
      sample: { filename: '{logo_filename}' },
    },
  ],
};
