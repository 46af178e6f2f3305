import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backupFileName, backupsIn, rotateBackups } from '../../src/backup/backup-name.js';
import { tempFolder } from '../store/helpers.js';

describe('scheduled backups: names and rotation', () => {
  const folder = tempFolder();
  afterEach(() => folder.remove());

  it('names sort by time and only the newest are kept; other files are left alone', () => {
    const times = ['2026-12-01T05:00:00.000Z', '2026-11-30T23:59:59.999Z', '2026-12-01T18:30:07.000Z'];
    for (const time of times) fs.writeFileSync(path.join(folder.dir, backupFileName(new Date(time))), '');
    fs.writeFileSync(path.join(folder.dir, 'crag.sqlite'), '');
    expect(backupFileName(new Date(times[2] ?? ''))).toBe('crag-20261201T183007Z.sqlite');
    const removed = rotateBackups(folder.dir, 2);
    expect(removed.map((file) => path.basename(file))).toEqual(['crag-20261130T235959Z.sqlite']);
    expect(backupsIn(folder.dir).map((file) => path.basename(file))).toEqual([
      'crag-20261201T050000Z.sqlite',
      'crag-20261201T183007Z.sqlite',
    ]);
    expect(fs.existsSync(path.join(folder.dir, 'crag.sqlite'))).toBe(true);
  });
});
