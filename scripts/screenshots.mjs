// Screenshots of pages at desktop and phone widths, to look at what was built.
// node scripts/screenshots.mjs http://localhost:3000 [--login email:senha] [--admin] /rota1 /rota2 …
// Writes to screenshots/ (ignored by git).
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const args = process.argv.slice(2);
const base = args.shift();
let login;
let admin = false;
const routes = [];
while (args.length) {
  const a = args.shift();
  if (a === '--login') login = args.shift();
  else if (a === '--admin') admin = true;
  else routes.push(a);
}
mkdirSync('screenshots', { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
]) {
  const context = await browser.newContext({ viewport, locale: 'pt-BR', baseURL: base });
  const page = await context.newPage();
  page.on('console', (m) => m.type() === 'error' && console.log(`[console] ${m.text()}`));
  if (login) {
    const [email, password] = login.split(':');
    await page.goto(admin ? '/admin/login' : '/auth');
    await page.getByRole('form', { name: 'Entrar' }).getByLabel('Email').fill(email);
    await page.getByRole('form', { name: 'Entrar' }).getByLabel('Senha').fill(password);
    await page
      .getByRole('form', { name: 'Entrar' })
      .getByRole('button', { name: admin ? 'Entrar no painel' : 'Entrar', exact: true })
      .click();
    await page.waitForURL((url) => !url.pathname.endsWith('/login') && url.pathname !== '/auth');
  }
  for (const route of routes) {
    await page.goto(route, { waitUntil: 'networkidle' });
    const file = `screenshots/${name}${route.replace(/[/?=&]/g, '_')}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await context.close();
}
await browser.close();
