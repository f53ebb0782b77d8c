/**
 * The entry of the worker thread that runs one source (runner.ts starts it): publisher bytes
 * are fetched, parsed and imported here, never on a serving process's event loop, under the
 * thread's own heap limit and the runner's wall clock.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { failureReason } from './failure-reason.ts';
import { publisherPacing } from './fetcher.ts';
import { definitionOf, runSourceInWorker, type RunEnd, type SourceRunRequest, type WorkerMessage } from './source-run.ts';

const port = parentPort;
if (port === null) throw new Error('run-worker.ts runs as a worker thread only');
const post = (message: WorkerMessage): void => port.postMessage(message);
const request = workerData as SourceRunRequest;

async function runEnd(): Promise<RunEnd> {
  const publisher = (await definitionOf(request).catch(() => undefined))?.publisher ?? '';
  return { publisher, lastRequestEnd: publisherPacing.lastRequestEnd(publisher) };
}

try {
  const result = await runSourceInWorker(
    request,
    (level, fields, message) => post({ kind: 'log', level, fields, message }),
    (wait) => post({ kind: 'wait', ...wait }),
  );
  post({ kind: 'done', ...result, ...(await runEnd()) });
} catch (error) {
  // Read here, where the error's cause chain still is: a message crosses the thread as text.
  post({ kind: 'failed', message: failureReason(error, Object.values(request.credentials)), ...(await runEnd()) });
}
