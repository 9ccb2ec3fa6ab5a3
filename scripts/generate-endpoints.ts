/**
 * npm run generate:endpoints — writes apps/web/src/lib/endpoints/ from the endpoint table
 * (packages/shared/src/endpoints): one module per group with each endpoint's method and path for the
 * web (decisions 119 and 121); a module of a group no longer in the table is removed.
 */
import { readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { endpointClientSources, endpoints } from '../packages/shared/src/endpoints/index.ts';

const folder = 'apps/web/src/lib/endpoints';
const sources = endpointClientSources(endpoints);
mkdirSync(folder, { recursive: true });
for (const file of readdirSync(folder)) if (!(file in sources)) rmSync(path.join(folder, file));
const written = Object.entries(sources).map(([file, source]) => {
  writeFileSync(path.join(folder, file), source);
  return path.join(folder, file);
});
execFileSync('npx', ['prettier', '--write', ...written], { stdio: 'ignore' });
process.stdout.write(`${folder}/ escrito a partir da tabela de endpoints (${written.length} módulos)\n`);
