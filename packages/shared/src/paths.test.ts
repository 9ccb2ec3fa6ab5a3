import { describe, expect, it } from 'vitest';
import { buildPath, isKnownAppPath, legacyRedirects, paths, pathWithQuery } from './paths.ts';

describe('paths', () => {
  it('conhece as rotas do seed e as antigas', () => {
    for (const known of [
      '/',
      '/auth',
      '/buscar-locais',
      '/pedido/abc',
      '/usuario/editar-anuncio/9',
      '/admin/email-logs',
      '/meus-pedidos',
      '/editar-anuncio/7',
      '/locais/painel-eixo',
    ]) {
      expect(isKnownAppPath(known)).toBe(true);
    }
    for (const unknown of [
      '/xyz',
      '/usuario',
      '/admin/nada',
      '/pedido/a/b',
      '/pedido/backup.sql',
      '/locais/painel-eixo.bak',
      '/locais/painel-eixo~',
      '/locais/.painel-eixo.swp',
    ])
      expect(isKnownAppPath(unknown)).toBe(false);
  });

  it('monta caminhos com parâmetros', () => {
    expect(buildPath(paths.usuario.editarAnuncio, { id: '42' })).toBe('/usuario/editar-anuncio/42');
    expect(() => buildPath(paths.pedido)).toThrow();
  });

  it('monta links com consulta para emails e notificações', () => {
    expect(pathWithQuery(paths.suporte, {}, { atendimento: 'a1b2' })).toBe('/suporte?atendimento=a1b2');
    expect(pathWithQuery(paths.pedido, { orderId: '7' })).toBe('/pedido/7');
    expect(pathWithQuery(paths.confirmacaoPedido, {}, { orderId: '7', extra: undefined })).toBe(
      '/confirmacao-pedido?orderId=7',
    );
    expect(pathWithQuery(paths.admin.suporte, {}, { q: 'SUP 1&2' })).toBe('/admin/suporte?q=SUP+1%262');
    expect(() => pathWithQuery(paths.usuario.editarAnuncio)).toThrow();
  });

  it('toda rota antiga leva a uma rota do app', () => {
    expect(legacyRedirects).toHaveLength(11);
    for (const [, to] of legacyRedirects) expect(isKnownAppPath(to.replace(':id', '1'))).toBe(true);
  });
});
