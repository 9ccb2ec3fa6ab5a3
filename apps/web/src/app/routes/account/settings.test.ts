import { describe, expect, it } from 'vitest';
import { panelReturn } from './settings.tsx';

describe('Minha conta aberta do painel (issue #40 item 8)', () => {
  it('volta à página do painel de onde a equipe veio configurar a verificação em duas etapas', () => {
    expect(panelReturn('/admin/pedidos', true)).toBe('/admin/pedidos');
    expect(panelReturn('/admin', true)).toBe('/admin');
  });

  it('não oferece a volta a um cliente, nem leva para fora do painel', () => {
    expect(panelReturn('/admin/pedidos', false)).toBeNull();
    expect(panelReturn('https://exemplo.com/admin', true)).toBeNull();
    expect(panelReturn('//exemplo.com', true)).toBeNull();
    expect(panelReturn('/administrativo', true)).toBeNull();
    expect(panelReturn(null, true)).toBeNull();
  });
});
