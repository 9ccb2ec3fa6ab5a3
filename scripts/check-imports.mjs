// Part of `npm run lint`: two rules ESLint's import-x/no-cycle cannot see (it skips `import type`).
// 1. No import circle among the source files of apps/*/src and packages/*/src, counting type-only
//    imports and dynamic import() — a circle of types still ties the modules' meaning together.
// 2. Source never imports a test or test support file.
// Relative imports only: the packages reach each other through @urbana/shared, which is one way.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const roots = ['apps/api/src', 'apps/web/src', 'packages/shared/src'];
const isTest = (file) => /\.test\.tsx?$/.test(file) || /(^|\/)(test|tests|__tests__)\//.test(file);

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

const specifiers =
  /(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolve(from, spec) {
  if (!spec.startsWith('.')) return null;
  const base = path.join(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

const files = roots.flatMap((r) => walk(r));
const graph = new Map();
const problems = [];
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const deps = new Set();
  for (const m of text.matchAll(specifiers)) {
    const target = resolve(file, m[1] ?? m[2]);
    if (!target) continue;
    if (!isTest(file) && isTest(target)) problems.push(`${file} importa um arquivo de teste: ${target}`);
    deps.add(target);
  }
  graph.set(file, [...deps]);
}

// Tarjan's strongly connected components: every component of more than one file is a circle.
let index = 0;
const stack = [];
const meta = new Map();
function connect(v) {
  meta.set(v, { index, low: index, onStack: true });
  index += 1;
  stack.push(v);
  for (const w of graph.get(v) ?? []) {
    if (!graph.has(w)) continue;
    if (!meta.has(w)) {
      connect(w);
      meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).low);
    } else if (meta.get(w).onStack) meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).index);
  }
  if (meta.get(v).low === meta.get(v).index) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      meta.get(w).onStack = false;
      component.push(w);
    } while (w !== v);
    if (component.length > 1) problems.push(`ciclo de imports: ${component.sort().join(' ↔ ')}`);
  }
}
for (const file of graph.keys()) if (!meta.has(file)) connect(file);

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`imports: ${files.length} arquivos, sem ciclos e sem imports de testes.`);
