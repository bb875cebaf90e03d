import { loadDataLocation } from '../config.js';
import { OpsError } from './archive.js';
import { createBackup, defaultBackupFile } from './backup.js';
import { print, runCommand } from './cli.js';

const USAGE = `Usage: npm run backup -- [FILE] [--without-secret]

Writes the database, the uploaded files and the app secret to one .tar.gz file while Tillbook
runs. FILE defaults to backups/tillbook-<date>-<time>.tar.gz. Reads DATA_DIR, DATABASE_URL,
UPLOAD_DIR and APP_SECRET as the server does. --without-secret leaves the app secret out (a
restore then needs APP_SECRET set to the same value).`;

runCommand('Backup failed', async () => {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) return print(USAGE);
  const unknown = args.filter((a) => a.startsWith('-') && a !== '--without-secret');
  const files = args.filter((a) => !a.startsWith('-'));
  if (unknown.length || files.length > 1)
    throw new OpsError(`Unexpected arguments: ${args.join(' ')}\n\n${USAGE}`);
  await createBackup(loadDataLocation(), {
    out: files[0] ?? defaultBackupFile(new Date()),
    withoutSecret: args.includes('--without-secret'),
    report: print,
  });
});
