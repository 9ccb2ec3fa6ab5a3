// Part of `npm run lint`: every repository file a comment, a doc or the README cites
// (docs/….md, docs/….txt) exists, so a reader can follow each reference; and every decision record
// (docs/decisions/*.md) has the headings Context, Decision and Consequences.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const roots = ['apps', 'packages', 'e2e', 'scripts', 'docs', 'README.md'];
const skip = new Set(['node_modules', 'dist', 'drizzle']);

function walk(entry, out = []) {
  if (statSync(entry).isFile()) return [...out, entry];
  for (const name of readdirSync(entry)) {
    if (skip.has(name)) continue;
    const full = path.join(entry, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (/\.(ts|tsx|mjs|js|md)$/.test(name)) out.push(full);
  }
  return out;
}

const broken = [];
for (const file of roots.flatMap((r) => walk(r))) {
  const text = readFileSync(file, 'utf8');
  for (const [ref] of text.matchAll(/\bdocs\/[\w./-]+\.(?:md|txt)\b/g)) {
    if (!existsSync(ref)) broken.push(`${file}: ${ref} não existe`);
  }
}

const headings = ['## Context', '## Decision', '## Consequences'];
const decisions = 'docs/decisions';
for (const name of readdirSync(decisions).filter((n) => n.endsWith('.md'))) {
  const lines = readFileSync(path.join(decisions, name), 'utf8').split(/\r?\n/);
  const at = headings.map((h) => lines.findIndex((line) => line.trim() === h));
  const missing = headings.filter((_, i) => at[i] === -1);
  if (missing.length > 0) broken.push(`${decisions}/${name}: falta ${missing.join(', ')}`);
  else if (!(at[0] < at[1] && at[1] < at[2]))
    broken.push(`${decisions}/${name}: as seções devem vir na ordem ${headings.join(', ')}`);
}

if (broken.length > 0) {
  console.error(broken.join('\n'));
  process.exit(1);
}
console.log('referências a docs/: todas existem; registros de decisão com Context, Decision e Consequences.');
