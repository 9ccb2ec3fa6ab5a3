// Part of `npm run lint` (issue #18 item 3, docs/decisions/038-api-layout.md): no function, arrow or
// method of apps/*/src whose body passes its app's limit (MAX_LINES below), so that one reads as one
// step. Tests are exempt. Measured: the lines of the body, from its first to its last line.
// Route registrations do not count for the function that makes them: a statement
// `x.get|post|put|patch|delete|route('/…', …)`, `route(x, endpoint, …)` (the endpoint table's, decision 119)
// or `x.register(plugin, …)` (awaited or not) is left out
// of its enclosing function's length, so a Fastify plugin (or buildApp) that registers many routes is
// not long for that (each handler and each inline plugin is a function of its own, measured as such). A factory whose
// body is only the function it returns (`(deps) => async (app) => {…}`) is measured as that function.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const MAX_LINES = { 'apps/api/src': 80, 'apps/web/src': 80 };
// Still to split (docs/decisions/038-api-layout.md): `file#function` → the most lines it may have. An
// entry may only shrink: a listed function that grows past its entry fails. The check lowers the list
// by itself (docs/decisions/117-javascript-budgets-over-the-framework-floor.md): a listed function
// that shrank gets its new length as its entry, and one that is gone or within the limit leaves the
// list; the file is rewritten and the changes printed (commit them). No new entries.
const pendingFile = new URL('./function-sizes-pending.json', import.meta.url);
const pending = JSON.parse(readFileSync(pendingFile, 'utf8'));
/** The listed functions still over the limit → their length now (the longest, if a name repeats). */
const current = new Map();
const isTest = (name) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(name) || name === 'test' || name === '__tests__';

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (isTest(name)) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (/\.[cm]?[jt]sx?$/.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

const isFunction = (node) =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node);

const ROUTE_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'route', 'all']);
const isFunctionNode = (node) => ts.isArrowFunction(node) || ts.isFunctionExpression(node);
/** `app.get('/x', …)`, `scope.route({ … })`, `app.register(plugin, …)`: a statement that registers routes or a plugin. */
function isRouteRegistration(statement) {
  if (!ts.isExpressionStatement(statement)) return false;
  let call = statement.expression;
  if (ts.isAwaitExpression(call)) call = call.expression;
  // `route(app, endpoints.x.y, handler, options)`: a route registered from the endpoint table (decision 119).
  if (ts.isCallExpression(call) && ts.isIdentifier(call.expression) && call.expression.text === 'route')
    return call.arguments.length >= 3;
  if (!ts.isCallExpression(call) || !ts.isPropertyAccessExpression(call.expression)) return false;
  const method = call.expression.name.text;
  const [first] = call.arguments;
  if (method === 'register') return first !== undefined;
  if (method === 'route') return first !== undefined && ts.isObjectLiteralExpression(first);
  return (
    ROUTE_METHODS.has(method) &&
    first !== undefined &&
    (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first) || ts.isTemplateExpression(first))
  );
}

function lineSpan(source, node) {
  const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
  const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
  return end - start + 1;
}

function bodyLines(source, node) {
  const body = node.body;
  let lines = lineSpan(source, body);
  if (ts.isBlock(body)) {
    for (const statement of body.statements)
      if (isRouteRegistration(statement)) lines -= lineSpan(source, statement);
  }
  return lines;
}

function nameOf(node) {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText();
  if (ts.isCallExpression(parent)) return `(argumento de ${parent.expression.getText().slice(0, 40)})`;
  return '(anônima)';
}

const offenders = [];
for (const [root, max] of Object.entries(MAX_LINES)) {
  for (const file of walk(root)) {
    const name = file.split(path.sep).join('/');
    const kind = name.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const source = ts.createSourceFile(name, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, kind);
    const visit = (node) => {
      if (isFunction(node) && node.body && !isFunctionNode(node.body)) {
        const lines = bodyLines(source, node);
        const key = `${name}#${nameOf(node)}`;
        const allowed = pending[key] ?? max;
        if (key in pending && lines > max) current.set(key, Math.max(current.get(key) ?? 0, lines));
        if (lines > allowed) {
          const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
          offenders.push({ where: `${name}:${line}`, what: nameOf(node), lines, max: allowed });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
}
offenders.sort((a, b) => b.lines - a.lines);
// A listed function that is gone, or now within the limit, leaves the list; one that shrank gets its
// new length. One that grew keeps its entry (and is an offender above).
const lowered = {};
const changes = [];
for (const [key, allowed] of Object.entries(pending)) {
  const lines = current.get(key);
  if (lines === undefined) changes.push(`${key}: sai da lista (${allowed} → dentro do limite ou removida)`);
  else if (lines < allowed) changes.push(`${key}: ${allowed} → ${lines}`);
  if (lines !== undefined) lowered[key] = Math.min(lines, allowed);
}
if (changes.length > 0) {
  writeFileSync(pendingFile, `${JSON.stringify(lowered, null, 2)}\n`);
  console.log(`scripts/function-sizes-pending.json atualizado (faça commit):\n${changes.join('\n')}`);
}
if (offenders.length > 0) {
  console.error(offenders.map((o) => `${o.where} ${o.what}: ${o.lines} linhas (máximo ${o.max})`).join('\n'));
  console.error(`${offenders.length} funções passam do limite.`);
  process.exit(1);
}
console.log(
  `funções: nenhuma passa do limite (${Object.entries(MAX_LINES)
    .map(([root, max]) => `${root} ${max}`)
    .join(', ')} linhas).`,
);
