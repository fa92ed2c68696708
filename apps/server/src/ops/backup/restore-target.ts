import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../../config/env.ts';
import { openDatabase } from '../../db/database.ts';
import { listFiles } from './files.ts';
import { countTables } from './pg-target.repository.ts';

/**
 * What in the restore target already belongs to an instance: its database (SQLite file or
 * PostgreSQL tables), uploaded files, or generated secret. A restore goes only where there is none,
 * so it can never overwrite a live instance.
 */
export async function occupiedBy(config: AppConfig): Promise<string[]> {
  const found: string[] = [];
  if (config.database.dialect === 'sqlite') {
    for (const file of [config.database.file, `${config.database.file}-wal`]) {
      if (existsSync(file)) found.push(path.basename(file));
    }
  }
  const uploads = await listFiles(path.join(config.dataDir, 'uploads'));
  if (uploads.length > 0) found.push(`uploads/ (${uploads.length} files)`);
  if (existsSync(path.join(config.dataDir, 'auth-secret'))) found.push('auth-secret');
  if (config.database.dialect === 'postgres') {
    const handle = openDatabase(config.database);
    try {
      const schema = handle.schema ?? 'public';
      const tables = await countTables(handle.db, schema);
      if (tables > 0) found.push(`the PostgreSQL schema ${schema} (${tables} tables)`);
    } finally {
      await handle.close();
    }
  }
  return found;
}
