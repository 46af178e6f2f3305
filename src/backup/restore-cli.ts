import path from 'node:path';
import { configuredSqliteFile } from './database-file.js';
import { BackupError } from './sqlite-backup.js';
import { restoreSqlite } from './sqlite-restore.js';

/** `npm run restore -- file`: puts a backup in place of DATABASE_PATH, keeping the replaced file. */
function main(): void {
  const file = process.argv[2];
  if (!file) {
    process.stderr.write('crag-bot restore: name the backup to restore: npm run restore -- backups/crag-….sqlite\n');
    process.exit(64);
  }
  const database = configuredSqliteFile();
  const result = restoreSqlite(path.resolve(file), database);
  const kept = result.replaced ? `; the replaced database is kept as ${result.replaced}` : '';
  process.stdout.write(`restored ${path.resolve(file)} to ${result.database} (schema ${result.version})${kept}\n`);
}

try {
  main();
} catch (error) {
  process.stderr.write(`crag-bot restore: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(error instanceof BackupError ? 1 : 2);
}
