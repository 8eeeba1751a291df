import { v2Routes } from '@scanbase/contracts';
import type { z } from 'zod';
import type { BarcodesService } from '../barcodes/barcodes.service.js';
import type { TaskHandler } from './task-catalogue.js';

type LabelsInput = z.output<typeof v2Routes.generateLabels.body>;

/** `generatebarcode`: a PDF label sheet from values or a range, kept for download. */
export function generateBarcodesTask(barcodes: BarcodesService): TaskHandler {
  return {
    inputs: v2Routes.generateLabels.body as unknown as z.ZodType<Record<string, unknown>>,
    async run(ctx) {
      const input = ctx.inputs as LabelsInput;
      ctx.progress(0, 1, 'Rendering labels');
      const pdf = await barcodes.labels(input);
      ctx.signal.throwIfAborted();
      const file = await ctx.saveFile(`labels-${input.layout}.pdf`, 'application/pdf', pdf);
      ctx.progress(1, 1, 'Done');
      await ctx.log(`Wrote ${file?.name ?? 'the label sheet'} (${pdf.length.toLocaleString('en-US')} bytes).`);
      return { ...(file ? { file } : {}), summary: `Label sheet ready (${input.layout}).` };
    },
  };
}
