// Part of `npm run lint`: no source file of the apps over 400 lines (docs/decisions/038-api-layout.md),
// so that a module stays one use case or one screen a reader can hold in mind. Tests are exempt.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const MAX_LINES = 400;
const roots = ['apps/api/src', 'apps/web/src'];
const isTest = (name) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(name) || name === 'test' || name === '__tests__';
// Still to split (remove the entry when the file is split): none left.
const pending = new Set([]);

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (isTest(name)) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (/\.[cm]?[jt]sx?$/.test(name)) out.push(full);
  }
  return out;
}

const tooLong = [];
for (const file of roots.flatMap((root) => walk(root))) {
  const lines = readFileSync(file, 'utf8').split('\n').length - 1;
  const name = file.split(path.sep).join('/');
  if (lines > MAX_LINES && !pending.has(name)) tooLong.push(`${name}: ${lines} linhas (máximo ${MAX_LINES})`);
}
if (tooLong.length > 0) {
  console.error(tooLong.join('\n'));
  process.exit(1);
}
console.log(`tamanho: nenhum arquivo de apps/*/src passa de ${MAX_LINES} linhas.`);
