import path from 'node:path';
import { backupFileName } from './backup-name.js';
import { configuredSqliteFile } from './database-file.js';
import { BackupError, backupSqlite } from './sqlite-backup.js';

/**
 * `npm run backup -- [file]`: a checked, consistent copy of DATABASE_PATH, safe while the bot plays.
 * Without a file: a time-stamped one in BACKUP_DIR (default ./backups). Prints the file and its size.
 */
async function main(): Promise<void> {
  const database = configuredSqliteFile();
  const target = process.argv[2]
    ? path.resolve(process.argv[2])
    : path.resolve(process.env.BACKUP_DIR?.trim() || 'backups', backupFileName(new Date()));
  const result = await backupSqlite(database, target);
  process.stdout.write(`${result.file} ${result.bytes} bytes (schema ${result.version})\n`);
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`crag-bot backup: ${message}\n`);
  process.exit(error instanceof BackupError ? 1 : 2);
});
