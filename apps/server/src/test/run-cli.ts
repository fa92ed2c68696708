import { spawn } from 'node:child_process';
import path from 'node:path';
import type { TestApp } from './build-app.ts';
import { CLI_ENTRY } from './server-bundle.ts';

const root = path.resolve(import.meta.dirname, '../../../..');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `npm run cli -- …` as an operator runs it, on the test app's database and data directory
 * (its PostgreSQL schema when the suite runs there), with `env` on top.
 */
export function runCli(t: TestApp, args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: t.database.dataDir,
    AUTH_SECRET: t.config.authSecret,
    PUBLIC_URL: t.config.publicUrl,
    LOG_LEVEL: 'silent',
    MUSICBRAINZ: 'off',
    ...env,
  };
  const { url } = t.database;
  if (url) {
    childEnv.DATABASE_URL = url;
    childEnv.DATABASE_SCHEMA = t.database.handle.schema;
  } else delete childEnv.DATABASE_URL;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...CLI_ENTRY, ...args], {
      cwd: root,
      env: childEnv,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
