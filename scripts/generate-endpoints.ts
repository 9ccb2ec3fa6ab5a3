/**
 * npm run generate:endpoints — writes apps/web/src/lib/api-endpoints.ts from the endpoint table
 * (packages/shared/src/endpoints): each endpoint's method and path for the web (decision 119).
 */
import { writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { endpointClientSource, endpoints } from '../packages/shared/src/endpoints/index.ts';

const target = 'apps/web/src/lib/api-endpoints.ts';
writeFileSync(target, endpointClientSource(endpoints));
execFileSync('npx', ['prettier', '--write', target], { stdio: 'ignore' });
process.stdout.write(`${target} escrito a partir da tabela de endpoints\n`);
