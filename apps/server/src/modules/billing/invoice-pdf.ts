import { formatMoney, type BusinessDetails } from '@scanbase/contracts';

export type InvoiceDocument = {
  number: string;
  createdAt: string;
  status: string;
  paidAt: string | null;
  description: string;
  lines: { text: string; amountCents: number }[];
  amountCents: number;
  business: BusinessDetails;
  /** The account's company name (used when the billing details leave it empty). */
  company: string;
};

/** An invoice as a one-page A4 PDF (pdfkit, built-in Helvetica: no font files). Text is drawn, never interpreted. */
export async function renderInvoicePdf(inv: InvoiceDocument, options: { compress?: boolean } = {}): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 56, compress: options.compress ?? true, info: { Title: `Invoice ${inv.number}`, Producer: 'Scanbase', Creator: 'Scanbase' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = 56;
  const right = doc.page.width - 56;
  const width = right - left;
  doc.font('Helvetica-Bold').fontSize(22).text('Invoice', left, 56);
  doc.font('Helvetica').fontSize(10).fillColor('#444444');
  doc.text(`Number: ${inv.number}`, left, 90);
  doc.text(`Date: ${inv.createdAt.slice(0, 10)}`);
  doc.text(`Status: ${inv.status === 'paid' ? `paid${inv.paidAt ? ` on ${inv.paidAt.slice(0, 10)}` : ''}` : inv.status}`);

  const b = inv.business;
  const billTo = [b.companyName || inv.company, b.addressLine1, b.addressLine2, [b.postalCode, b.city].filter(Boolean).join(' '), b.country, b.taxId ? `Tax id: ${b.taxId}` : '', b.billingEmail].filter((l) => l.trim() !== '');
  doc.fillColor('#000000').font('Helvetica-Bold').text('Bill to', left, 160);
  doc.font('Helvetica');
  for (const line of billTo) doc.text(line, { width: width / 2 });

  let y = Math.max(doc.y + 24, 260);
  doc.font('Helvetica-Bold').text(inv.description, left, y, { width });
  y = doc.y + 12;
  doc.font('Helvetica-Bold').text('Item', left, y).text('Amount', left, y, { width, align: 'right' });
  y = doc.y + 4;
  doc.moveTo(left, y).lineTo(right, y).strokeColor('#999999').stroke();
  doc.font('Helvetica');
  y += 8;
  for (const line of inv.lines) {
    doc.text(line.text, left, y, { width: width - 120 });
    const after = doc.y;
    doc.text(formatMoney(line.amountCents), left, y, { width, align: 'right' });
    y = Math.max(after, doc.y) + 6;
  }
  doc.moveTo(left, y).lineTo(right, y).stroke();
  y += 10;
  doc.font('Helvetica-Bold').fontSize(12).text('Total due', left, y).text(formatMoney(inv.amountCents), left, y, { width, align: 'right' });
  doc.font('Helvetica').fontSize(9).fillColor('#666666').text('Amounts in US dollars.', left, doc.y + 24);
  doc.end();
  return done;
}
