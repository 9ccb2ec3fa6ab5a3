// @vitest-environment node
import { AsyncLocalStorage, executionAsyncResource } from 'node:async_hooks';
import { describe, expect, it } from 'vitest';
import { renderPage, setServerFetch } from './entry-server.tsx';

/**
 * Whether Node propagates an `AsyncLocalStorage` store onto every new promise and callback: once any
 * store has been entered on Node 20 every async step of the process pays for it, the bare route's
 * answers included (docs/decisions/060-no-async-context-on-every-request.md). The propagation leaves
 * its mark on each new async resource.
 */
async function storesPropagated(): Promise<boolean> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  return Object.getOwnPropertySymbols(executionAsyncResource()).some(
    (s) => s.description === 'kResourceStore',
  );
}

describe('desenho de uma página no servidor', () => {
  it('desenha a página sem ligar um contexto assíncrono para o processo inteiro', async () => {
    setServerFetch(async () => Response.json({ message: 'indisponível no teste' }, { status: 503 }));
    expect(await storesPropagated()).toBe(false);
    const page = await renderPage('http://urbana.test/central');
    expect(page?.html).toContain('Central');
    expect(await storesPropagated()).toBe(false);
  });

  it('desenha a página inteira: nenhuma parte deixada para o navegador desenhar', async () => {
    setServerFetch(async () => Response.json({ message: 'indisponível no teste' }, { status: 503 }));
    for (const href of [
      'http://urbana.test/central',
      'http://urbana.test/suporte',
      'http://urbana.test/nada',
    ]) {
      const page = await renderPage(href);
      expect(page?.html.length).toBeGreaterThan(500);
      // The marks React leaves where a part suspended or failed and is left to the browser.
      expect(page?.html).not.toMatch(/<!--\$[!?]-->/);
    }
  });

  // Last in the file: the mark it leaves is process-wide.
  it('a verificação acusa um contexto assíncrono ligado (o que o desenho não pode fazer)', async () => {
    new AsyncLocalStorage<number>().run(1, () => undefined);
    expect(await storesPropagated()).toBe(true);
  });
});
