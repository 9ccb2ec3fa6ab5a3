// Part of `npm run lint`: the web never restates an API answer (docs/decisions/037-one-contract-per-endpoint.md).
// The answers' schemas live in packages/shared and the web takes their types with z.infer, so a
// feature's API module (apps/web/src/features/*/api.ts, features/*/api/*.ts) declares no `interface`
// and no object `type … = {`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const features = 'apps/web/src/features';
const apiModules = [];
for (const feature of readdirSync(features)) {
  const dir = path.join(features, feature);
  if (!statSync(dir).isDirectory()) continue;
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (/^api\.tsx?$/.test(name)) apiModules.push(full);
    else if (name === 'api' && statSync(full).isDirectory()) {
      for (const inner of readdirSync(full)) {
        if (/\.tsx?$/.test(inner) && !/\.test\.tsx?$/.test(inner)) apiModules.push(path.join(full, inner));
      }
    }
  }
}

const problems = [];
for (const file of apiModules) {
  const text = readFileSync(file, 'utf8');
  const declared = [
    ...text.matchAll(/^\s*(?:export\s+)?interface\s+(\w+)/gm),
    ...text.matchAll(/^\s*(?:export\s+)?type\s+(\w+)(?:<[^>]*>)?\s*=\s*\{/gm),
  ].map((m) => m[1]);
  for (const name of declared)
    problems.push(
      `${file}: ${name} restates an answer; export its schema from packages/shared and use z.infer`,
    );
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`check-contracts: ${apiModules.length} web API modules declare no answer types of their own`);
