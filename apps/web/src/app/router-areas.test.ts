import { matchRoutes, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '@urbana/shared';
import { createRouter, preloadRoutes, routes } from './router.tsx';

/** The path of the deepest route that matches (the splat of "not found" when none does). */
const matchedPath = (table: RouteObject[], pathname: string) =>
  matchRoutes(table, pathname)?.at(-1)?.route.path;

afterEach(() => window.history.replaceState(null, '', '/'));

describe('as áreas do cliente e da equipe carregam suas rotas com a primeira página delas', () => {
  it('a tabela das páginas públicas não traz as rotas das áreas', () => {
    expect(matchedPath(routes, paths.admin.pedidos)).toBe('*');
    expect(matchedPath(routes, paths.usuario.meusPedidos)).toBe('*');
  });

  it('abrir uma página da área do cliente junta as rotas dela antes de o roteador começar', async () => {
    await preloadRoutes(paths.usuario.meusPedidos);
    expect(matchedPath(routes, paths.usuario.meusPedidos)).toBe(paths.usuario.meusPedidos);
    expect(matchedPath(routes, '/proposta/abc')).toBe(paths.proposta);
    // Once: a second page of the area adds nothing.
    const count = routes[0]!.children!.length;
    await preloadRoutes(paths.usuario.conta);
    expect(routes[0]!.children!.length).toBe(count);
  });

  it('navegar de uma página pública para o painel descobre as rotas da equipe', async () => {
    const router = createRouter();
    await router.navigate(paths.admin.login);
    expect(router.state.location.pathname).toBe(paths.admin.login);
    expect(router.state.matches.at(-1)?.route.path).toBe(paths.admin.login);
    await router.navigate('/admin/rota-que-nao-existe');
    expect(router.state.matches.at(-1)?.route.path).toBe('*');
    router.dispose();
  });
});
