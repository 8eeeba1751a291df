import { parentPort } from 'node:worker_threads';
import { BarcodeEncodeError, runRenderTask, type RenderTask } from './render-core.js';

// A render worker: bwip-js blocks its thread 3-8 ms per image, so it runs here, off the event loop.

type Request = { id: number; task: RenderTask };

parentPort?.on('message', (msg: Request) => {
  runRenderTask(msg.task).then(
    (result) => parentPort?.postMessage({ id: msg.id, ok: true, result }),
    (error: unknown) =>
      parentPort?.postMessage({ id: msg.id, ok: false, encode: error instanceof BarcodeEncodeError, message: error instanceof Error ? error.message : String(error) }),
  );
});
parentPort?.postMessage({ ready: true });
