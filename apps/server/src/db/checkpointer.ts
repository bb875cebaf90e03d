import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * Moves SQLite's WAL checkpoints off the request path.
 *
 * In WAL mode each commit appends the changed pages to the `-wal` file; a checkpoint copies them
 * back into the database file and, with `synchronous = NORMAL`, waits for the disk (fsync). By
 * default the connection that commits the 1,000th page runs the checkpoint itself, so every so
 * often a sale waits for the disk. Measured on the development machine, that wait was about half
 * of a 3-line order's commit (decision 0008). Here a worker thread with its own connection runs a
 * PASSIVE checkpoint every 100 ms; PASSIVE never blocks the writer or readers, so requests only
 * ever append to the WAL.
 *
 * The main connection keeps a high automatic checkpoint threshold as a safety net, so the WAL
 * stays bounded even if this worker stopped.
 */
export interface Checkpointer {
  stop(): Promise<void>;
}

/**
 * How often the worker checkpoints. A page changed by many sales in between (the newest index
 * leaves, the counters row, a popular product) is copied back once per checkpoint, so a longer
 * interval copies fewer pages: 100 ms took 5-8% off an order's CPU time against 20 ms, and at
 * about 1,000 orders a second keeps the WAL near 10 MB between checkpoints (decision 0008).
 */
export const CHECKPOINT_INTERVAL_MS = 100;

/** The WAL size at which the main connection checkpoints by itself when the worker lags (pages). */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 16_000;

const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
let stopped = false;
let lastError = '';
function tick() {
  if (stopped) return;
  let wait = workerData.intervalMs;
  try {
    const [r] = db.pragma('wal_checkpoint(PASSIVE)');
    lastError = '';
    if (workerData.report) parentPort.postMessage({ type: 'checkpoint', log: r.log, checkpointed: r.checkpointed });
  } catch (error) {
    // Said once, then retried slowly; the main connection's own checkpoints cover the gap.
    const message = String((error && error.message) || error);
    if (message !== lastError) parentPort.postMessage({ type: 'error', message });
    lastError = message;
    wait = 1000;
  }
  setTimeout(tick, wait);
}
parentPort.on('message', (m) => {
  if (m === 'stop') {
    stopped = true;
    try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {}
    db.close();
    process.exit(0);
  }
});
tick();
`;

export interface CheckpointerOptions {
  intervalMs?: number;
  /** Told about each checkpoint (tests) and about errors (logged by the caller). */
  onCheckpoint?: (result: { log: number; checkpointed: number }) => void;
  onError?: (message: string) => void;
}

export function startCheckpointer(file: string, options: CheckpointerOptions = {}): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      file,
      driver,
      intervalMs: options.intervalMs ?? CHECKPOINT_INTERVAL_MS,
      report: Boolean(options.onCheckpoint),
    },
  });
  // The checkpointer never keeps the process alive by itself.
  worker.unref();
  worker.on('message', (m: { type: string; log?: number; checkpointed?: number; message?: string }) => {
    if (m.type === 'checkpoint')
      options.onCheckpoint?.({ log: m.log ?? 0, checkpointed: m.checkpointed ?? 0 });
    else if (m.type === 'error') options.onError?.(m.message ?? 'checkpoint failed');
  });
  worker.on('error', (error) => options.onError?.(error.message));
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  return {
    stop() {
      if (!exited) worker.postMessage('stop');
      return exit;
    },
  };
}
