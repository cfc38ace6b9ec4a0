import { describe, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The test cluster's URL, from `ARBITRA_PG_URL` (deploy/postgres/cluster.sh prints it), or undefined. */
export function testPgUrl(): string | undefined {
  return process.env.ARBITRA_PG_URL?.trim() || undefined;
}

/**
 * `describe` for suites that need a real PostgreSQL. Without `ARBITRA_PG_URL`: in CI (`CI=true`) one
 * failing test says what is missing, never a silent skip; elsewhere the suite is skipped with a note.
 */
export function describeWithPostgres(name: string, body: (url: string) => void): void {
  const url = testPgUrl();
  if (url) {
    describe(name, () => body(url));
  } else if (process.env.CI === 'true') {
    describe(name, () => {
      it('needs a PostgreSQL server', () => {
        throw new Error('ARBITRA_PG_URL is not set: CI must run `eval "$(bash deploy/postgres/cluster.sh start)"` (see .ci/run)');
      });
    });
  } else {
    console.log(`skipped "${name}": set ARBITRA_PG_URL (eval "$(bash deploy/postgres/cluster.sh start)") to run it`);
    describe.skip(name, () => body(''));
  }
}

/** A new, empty database on the test cluster: its URL, and a function dropping it. */
export async function freshDatabase(url: string, label = 'arbitra_test'): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${label}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
