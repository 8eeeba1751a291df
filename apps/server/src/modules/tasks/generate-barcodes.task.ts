import { v2Routes } from '@scanbase/contracts';
import type { z } from 'zod';
import type { BarcodesService } from '../barcodes/barcodes.service.js';
import type { TaskHandler } from './task-catalogue.js';

type LabelsInput = z.output<typeof v2Routes.generateLabels.body>;

/** `generatebarcode`: a PDF label sheet from values or a range, kept for download. */
export function generateBarcodesTask(barcodes: BarcodesService): TaskHandler {
  return {
    inputs: v2Routes.generateLabels.body,
    async run(ctx) {
      const input = ctx.inputs as LabelsInput;
      ctx.progress(0, null, 'Rendering labels');
      let count = 1;
      const pdf = await barcodes.labels(input, (done, total) => {
        count = total;
        // Throwing here stops the rendering between chunks when the run is cancelled.
        ctx.signal.throwIfAborted();
        ctx.progress(done, total, done < total ? `Rendered ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} barcodes` : 'Writing the PDF');
      });
      ctx.signal.throwIfAborted();
      const file = await ctx.saveFile(`labels-${input.layout}.pdf`, 'application/pdf', pdf);
      ctx.progress(count, count, 'Done');
      await ctx.log(`Wrote ${file?.name ?? 'the label sheet'} (${pdf.length.toLocaleString('en-US')} bytes).`);
      return { ...(file ? { file } : {}), summary: `Label sheet ready (${input.layout}).` };
    },
  };
}
