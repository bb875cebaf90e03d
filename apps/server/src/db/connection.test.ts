import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './connection.js';

// On a server: this runs in the PostgreSQL pass of the tests (TEST_DATABASE_URL).
const url = process.env.TEST_DATABASE_URL;

if (url) {
  describe('the PostgreSQL pool', () => {
    it('outlives an idle connection the server ends, and the next query opens a new one', async () => {
      const database = openDatabase(url);
      try {
        const first = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db);
        const pid = first.rows[0]!.pid;
        // The connection now waits idle in the pool; the server ends it (as a restart would).
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query('select pg_terminate_backend($1)', [pid]);
        await admin.end();
        await new Promise((resolve) => setTimeout(resolve, 200));
        const next = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db);
        expect(next.rows[0]!.pid).not.toBe(pid);
      } finally {
        await database.destroy();
      }
    });
  });
}
