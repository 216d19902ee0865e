import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A throwaway database on the BENCH_DATABASE_URL server (created now, dropped by `drop()`), so a benchmark never
 * migrates or fills the database it was pointed at; undefined when the variable is not set (embedded database).
 */
export async function createBenchDatabase(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) return undefined;
  const name = `tower_bench_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
