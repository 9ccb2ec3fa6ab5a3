import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

/**
 * What ships is React 19 (docs/decisions/032-react-in-production.md): the built assets carry
 * react-dom 19 and nothing of Preact, and the page in the browser is mounted by React.
 */
const assets = path.resolve('apps/web/dist/assets');

function builtScripts(): Array<{ file: string; code: string }> {
  return readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, code: readFileSync(path.join(assets, file), 'utf8') }));
}

test('o build de produção traz o React 19 e nada do Preact', () => {
  const scripts = builtScripts();
  expect(scripts.length).toBeGreaterThan(0);

  // react-dom's client renderer names its error decoder and its version (`reconcilerVersion`, the
  // value it gives React's developer tools) in the minified code.
  const reactDom = scripts.filter(({ code }) => code.includes('react.dev/errors/'));
  expect(reactDom.length, 'nenhum arquivo com o react-dom').toBeGreaterThan(0);
  const versions = new Set(
    reactDom.flatMap(({ code }) =>
      [...code.matchAll(/reconcilerVersion:\s*["'`](\d+\.\d+\.\d+)["'`]/g)].map((m) => m[1]),
    ),
  );
  expect([...versions].length, 'versão do react-dom não encontrada').toBeGreaterThan(0);
  for (const version of versions) expect(version).toMatch(/^19\./);

  // Preact's minified code reads its vnode and component fields under these short names (children,
  // DOM node, original vnode, parent DOM, hooks state); React never uses them.
  const preactFields = ['.__k', '.__e', '.__v', '.__P', '.__H'];
  const preact = scripts.filter(({ code }) => preactFields.every((field) => code.includes(field)));
  expect(preact.map(({ file }) => file)).toEqual([]);
});

test('o build traz o React Router de produção, sem os avisos de desenvolvimento', () => {
  // React Router's package exports name only its development build, whose warnings (this one is
  // drawn when descendant routes are rendered) cost half a kilobyte of gzip on every page.
  const withWarnings = builtScripts().filter(({ code }) => code.includes('descendant <Routes>'));
  expect(withWarnings.map(({ file }) => file)).toEqual([]);
  // …while the router itself is there (one of its checks, kept in both builds).
  const router = builtScripts().filter(({ code }) =>
    code.includes('may be used only in the context of a <Router>'),
  );
  expect(router.length).toBeGreaterThan(0);
});

test('as cópias .gz e .br do build são os próprios arquivos, e o .gz é menor que o do zlib (decisão 058)', () => {
  const dist = path.resolve('apps/web/dist');
  const copied = readdirSync(dist, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(js|css|html)$/.test(file) && existsSync(path.join(dist, `${file}.gz`)))
    .map((file) => path.join(dist, file));
  expect(copied.length).toBeGreaterThan(20);
  let zopfli = 0;
  let zlib = 0;
  for (const file of copied) {
    const data = readFileSync(file);
    const gz = readFileSync(`${file}.gz`);
    expect(gunzipSync(gz).equals(data), `${file}.gz`).toBe(true);
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(data), `${file}.br`).toBe(true);
    zopfli += gz.length;
    zlib += gzipSync(data, { level: 9 }).length;
  }
  // Zopfli writes the same format in fewer bytes: over the whole build about 3 % fewer.
  expect(zopfli).toBeLessThan(zlib * 0.99);
});

test('os scripts que o index.html carrega de início não trazem o zod (decisão 041)', () => {
  // Every page starts from index.html's scripts: the entry, React and the chunk of the app's small
  // shared modules ("comum"). A module there that imports a zod schema brings the whole library to
  // every page (23.7 kB gzip): the search page's parts and the staff's date range once did so.
  const html = readFileSync(path.resolve('apps/web/dist/index.html'), 'utf8');
  const upFront = [...new Set([...html.matchAll(/assets\/([^"']+\.js)/g)].map((m) => m[1]!))];
  expect(upFront.length).toBeGreaterThan(1);
  const withZod = upFront.filter((file) =>
    readFileSync(path.join(assets, file), 'utf8').includes('ZodError'),
  );
  expect(withZod).toEqual([]);
});

test('a página no navegador é montada pelo React 19', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // React marks the container it rendered into and each DOM node with its fiber. The page arrives
  // drawn by the server and its scripts load after the first paint (decision 061): wait for them.
  const marks = () =>
    page.evaluate(() => {
      const root = document.getElementById('root')!;
      const heading = document.querySelector('h1')!;
      return {
        container: Object.keys(root).some((key) => key.startsWith('__reactContainer$')),
        fiber: Object.keys(heading).some((key) => key.startsWith('__reactFiber$')),
      };
    });
  await expect.poll(marks).toEqual({ container: true, fiber: true });
});
