// Part of `npm run lint` (issue #18 item 3, docs/decisions/038-api-layout.md): no function, arrow or
// method of apps/*/src whose body passes its app's limit (MAX_LINES below), so that one reads as one
// step. Tests are exempt. Measured: the lines of the body, from its first to its last line.
// Route registrations do not count for the function that makes them: a statement
// `x.get|post|put|patch|delete|route('/…', …)`, `route(app, entry, handler)` (the endpoint table's, decision
// 119) or `x.register(plugin, …)` (awaited or not) is left out
// of its enclosing function's length, so a Fastify plugin (or buildApp) that registers many routes is
// not long for that (each handler and each inline plugin is a function of its own, measured as such). A factory whose
// body is only the function it returns (`(deps) => async (app) => {…}`) is measured as that function.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const MAX_LINES = { 'apps/api/src': 80, 'apps/web/src': 80 };
// Still to split (docs/decisions/038-api-layout.md): `file#function` → its length when the check came
// in. An entry may only shrink: a listed function that grows fails, one that falls under the limit
// must leave the list. No new entries.
const pending = JSON.parse(readFileSync(new URL('./function-sizes-pending.json', import.meta.url), 'utf8'));
/** The listed functions still over the limit. */
const seen = new Set();
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
/**
 * `app.get('/x', …)`, `scope.route({ … })`, `app.register(plugin, …)`, `route(app, endpoints.x.y, …)`
 * (apps/api/src/lib/endpoint-route.ts): a statement that registers routes or a plugin.
 */
function isRouteRegistration(statement) {
  if (!ts.isExpressionStatement(statement)) return false;
  let call = statement.expression;
  if (ts.isAwaitExpression(call)) call = call.expression;
  if (!ts.isCallExpression(call)) return false;
  if (ts.isIdentifier(call.expression)) return call.expression.text === 'route' && call.arguments.length >= 3;
  if (!ts.isPropertyAccessExpression(call.expression)) return false;
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
        if (key in pending && lines > max) seen.add(key);
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
// A listed function that is gone, or now within the limit, leaves the list.
const stale = Object.keys(pending).filter((key) => !seen.has(key));
if (stale.length > 0) {
  console.error(
    `scripts/function-sizes-pending.json: tire da lista o que não existe mais:\n${stale.join('\n')}`,
  );
  process.exit(1);
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
