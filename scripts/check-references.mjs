// Part of `npm run lint`: every repository file a comment, a doc or the README cites
// (docs/….md, docs/….txt) exists, so a reader can follow each reference; every decision record
// (docs/decisions/*.md) has the headings Context, Decision and Consequences and a `Status:` line in its
// first 5 lines; and the index, docs/decisions/README.md, links to every decision and to nothing missing.
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
const index = 'README.md';
const records = readdirSync(decisions).filter((n) => n.endsWith('.md') && n !== index);
for (const name of records) {
  const lines = readFileSync(path.join(decisions, name), 'utf8').split(/\r?\n/);
  if (!lines.slice(0, 5).some((line) => line.startsWith('Status:')))
    broken.push(`${decisions}/${name}: falta a linha "Status: …" nas 5 primeiras linhas`);
  const at = headings.map((h) => lines.findIndex((line) => line.trim() === h));
  const missing = headings.filter((_, i) => at[i] === -1);
  if (missing.length > 0) broken.push(`${decisions}/${name}: falta ${missing.join(', ')}`);
  else if (!(at[0] < at[1] && at[1] < at[2]))
    broken.push(`${decisions}/${name}: as seções devem vir na ordem ${headings.join(', ')}`);
}

const indexPath = path.join(decisions, index);
if (!existsSync(indexPath)) broken.push(`${indexPath} não existe: o índice das decisões`);
else {
  const linked = new Set();
  for (const [, target] of readFileSync(indexPath, 'utf8').matchAll(/\]\(([^)#\s]+\.md)(?:#[^)\s]*)?\)/g)) {
    if (target.includes('/')) continue;
    linked.add(target);
    if (!existsSync(path.join(decisions, target))) broken.push(`${indexPath}: ${target} não existe`);
  }
  for (const name of records.filter((n) => !linked.has(n)))
    broken.push(`${indexPath}: falta o link para ${name}`);
}

if (broken.length > 0) {
  console.error(broken.join('\n'));
  process.exit(1);
}
console.log(
  'referências a docs/: todas existem; registros de decisão com Status, Context, Decision e Consequences, todos no índice.',
);
