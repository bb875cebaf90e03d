import { ConfigError } from '../config.js';
import { OpsError } from './archive.js';

export const print = (line: string) => process.stdout.write(`${line}\n`);

/** Runs a command of `npm run backup` / `npm run restore`; a failure is one clear line on stderr and exit code 1. */
export function runCommand(failure: string, work: () => Promise<unknown>): void {
  work().then(
    () => process.exit(0),
    (error: unknown) => {
      const known = error instanceof OpsError || error instanceof ConfigError;
      const text =
        error instanceof Error ? (known ? error.message : (error.stack ?? error.message)) : String(error);
      process.stderr.write(`${failure}: ${text}\n`);
      process.exit(1);
    },
  );
}
