/**
 * The entry of the worker thread that runs one source (runner.ts starts it): publisher bytes
 * are fetched, parsed and imported here, never on a serving process's event loop, under the
 * thread's own heap limit and the runner's wall clock.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { failureReason } from './failure-reason.ts';
import { runSourceInWorker, type SourceRunRequest, type WorkerMessage } from './source-run.ts';

const port = parentPort;
if (port === null) throw new Error('run-worker.ts runs as a worker thread only');
const post = (message: WorkerMessage): void => port.postMessage(message);

try {
  const result = await runSourceInWorker(workerData as SourceRunRequest, (level, fields, message) => post({ kind: 'log', level, fields, message }));
  post({ kind: 'done', ...result });
} catch (error) {
  // Read here, where the error's cause chain still is: a message crosses the thread as text.
  post({ kind: 'failed', message: failureReason(error) });
}
