import { loadConfig } from './config.js';
import { openDatabase } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemo } from './seed/demo.js';

/** `npm run seed`: creates the demo merchant and prints how to sign in. */
async function run(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config.DATABASE_URL);
  try {
    await migrateToLatest(database.db);
    const people = await seedDemo(database.db, config);
    if (!people) return;
    const lines = [
      '',
      `Demo merchant created in ${database.describe}.`,
      `Sign in at ${config.PUBLIC_URL ?? `http://localhost:${config.PORT}`}/auth/sign-in with:`,
      `  owner    ${people.owner.email}  password ${people.owner.password}`,
      ...people.staff.map((s) => `  ${s.role.padEnd(8)} ${s.email}  password ${s.password}`),
      '',
    ];
    process.stdout.write(lines.join('\n') + '\n');
  } finally {
    await database.destroy();
  }
}

run().catch((error: unknown) => {
  process.stderr.write(`Seeding failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
