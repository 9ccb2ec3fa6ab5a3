// `npm run backup -- <pasta>`: a consistent copy of the running Urbana (database and files) into an
// empty folder; `npm run restore -- <pasta>` puts it back (apps/api/src/services/backup/backup.ts).
import { loadConfig } from '../apps/api/src/config.ts';
import { backup, BackupRefused, restore } from '../apps/api/src/services/backup/backup.ts';

const [mode, folder] = process.argv.slice(2);
if ((mode !== 'backup' && mode !== 'restore') || !folder) {
  process.stderr.write('Uso: npm run backup -- <pasta>   |   npm run restore -- <pasta>\n');
  process.exit(2);
}
try {
  const config = loadConfig();
  const manifest = await (mode === 'backup' ? backup(config, folder) : restore(config, folder));
  const verb = mode === 'backup' ? 'Cópia feita em' : 'Restaurado de';
  process.stdout.write(
    `${verb} ${folder}: banco ${manifest.database.kind} (${manifest.database.size} bytes), ${manifest.files.length} arquivos.\n`,
  );
} catch (error) {
  process.stderr.write(`${error instanceof BackupRefused ? error.message : String(error)}\n`);
  process.exit(1);
}
