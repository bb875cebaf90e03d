import { loadDataLocation } from '../config.js';
import { OpsError } from './archive.js';
import { print, runCommand } from './cli.js';
import { restoreBackup } from './restore.js';

const USAGE = `Usage: npm run restore -- FILE

Brings a backup made by "npm run backup" back into an empty data folder (DATA_DIR, with
UPLOAD_DIR and a SQLite DATABASE_URL if set), or, for a PostgreSQL backup, into the empty
database DATABASE_URL names. Then start Tillbook with the same settings: npm start.`;

runCommand('Restore failed', async () => {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) return print(USAGE);
  if (args.length !== 1 || args[0]!.startsWith('-')) throw new OpsError(`Name one backup file.\n\n${USAGE}`);
  await restoreBackup(loadDataLocation(), { file: args[0]!, report: print });
});
