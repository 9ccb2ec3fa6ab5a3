import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  cartItemTotal,
  cartPastStartLine,
  cartTotal,
  makeCartItemId,
  mergeCarts,
  planCartSync,
  planFavoritesSync,
  towerCountOnAdd,
} from './rules.ts';

const item = fc.record({
  id: fc.string({ minLength: 1, maxLength: 12 }),
  daily_price: fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: undefined }),
  basePrice: fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: undefined }),
  weeks: fc.option(fc.integer({ min: 1, max: 52 }), { nil: undefined }),
  towerCount: fc.option(fc.integer({ min: 1, max: 20 }), { nil: undefined }),
});

describe('preço (docs/spec/specification.md §9)', () => {
  it('diária × semanas × 7 × torres, com os padrões do seed', () => {
    expect(cartItemTotal({ daily_price: 10_000, weeks: 4, towerCount: 3 })).toBe(840_000);
    expect(cartItemTotal({ basePrice: 5_000 })).toBe(35_000);
    expect(cartItemTotal({ daily_price: 2_000, basePrice: 9_999, weeks: 2 })).toBe(28_000);
  });

  it('o desconto de longa duração entra no total do carrinho, como no pedido', () => {
    // 12 semanas × 7 × R$ 100,00 = R$ 8.400,00, menos 10 %.
    expect(cartItemTotal({ daily_price: 10_000, weeks: 12 })).toBe(756_000);
    expect(cartItemTotal({ daily_price: 10_000, weeks: 12 }, { longRunWeeks: 8, longRunPercent: 25 })).toBe(
      630_000,
    );
    expect(cartItemTotal({ daily_price: 10_000, weeks: 11 })).toBe(770_000);
  });

  it('o total é a soma dos itens e sempre um inteiro de centavos', () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 20 }), (items) => {
        const total = cartTotal(items);
        expect(Number.isInteger(total)).toBe(true);
        expect(total).toBe(items.reduce((s, i) => s + cartItemTotal(i), 0));
        for (const i of items) {
          const subtotal = (i.daily_price ?? i.basePrice ?? 0) * (i.weeks ?? 1) * 7 * (i.towerCount ?? 1);
          const discount = (i.weeks ?? 1) >= 12 ? Math.round(subtotal / 10) : 0;
          expect(cartItemTotal(i)).toBe(subtotal - discount);
        }
      }),
    );
  });
});

describe('itens', () => {
  it('o id acrescenta a hora ao id do produto', () => {
    expect(makeCartItemId('p1', 1700000000000)).toBe('p1-1700000000000');
  });

  it('torres na inclusão: selecionadas, senão todas (produto de torres), senão 1', () => {
    expect(towerCountOnAdd({ selectedTowers: ['a', 'b'], isTowerBased: true, towers: [1, 2, 3] })).toBe(2);
    expect(towerCountOnAdd({ selectedTowers: [], isTowerBased: true, towers: [1, 2, 3] })).toBe(3);
    expect(towerCountOnAdd({ isTowerBased: false, towers: [1, 2] })).toBe(1);
    expect(towerCountOnAdd({})).toBe(1);
    fc.assert(
      fc.property(
        fc.array(fc.string(), { maxLength: 10 }),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 10 }),
        (sel, tb, towers) => {
          const n = towerCountOnAdd({ selectedTowers: sel, isTowerBased: tb, towers });
          expect(n).toBeGreaterThanOrEqual(1);
          if (sel.length) expect(n).toBe(sel.length);
        },
      ),
    );
  });
});

describe('sincronização do carrinho (docs/spec/specification.md §4)', () => {
  it('local com itens e nuvem vazia: envia o local', () => {
    const plan = planCartSync([{ id: 'a' }], []);
    expect(plan).toEqual({
      kind: 'upload',
      items: [{ id: 'a' }],
      toast: { title: 'Carrinho sincronizado', description: 'Seus itens locais foram salvos na nuvem' },
    });
  });

  it('os dois com itens: nuvem primeiro, depois os locais que faltam', () => {
    const plan = planCartSync([{ id: 'b' }, { id: 'c' }], [{ id: 'a' }, { id: 'b' }]);
    expect(plan.items.map((i) => i.id)).toEqual(['a', 'b', 'c']);
    expect(plan).toMatchObject({
      kind: 'merge',
      toast: { title: 'Carrinho restaurado', description: '3 itens carregados com sucesso' },
    });
  });

  it('só a nuvem: restaura', () => {
    expect(planCartSync([], [{ id: 'x' }, { id: 'y' }])).toMatchObject({
      kind: 'restore',
      toast: { title: 'Carrinho restaurado', description: '2 itens carregados da nuvem' },
    });
    expect(planCartSync([], [])).toEqual({ kind: 'none', items: [] });
  });

  it('a mescla não perde nem duplica ids', () => {
    const ids = fc.uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { maxLength: 10 });
    fc.assert(
      fc.property(ids, ids, (cloudIds, localIds) => {
        const cloud = cloudIds.map((id) => ({ id, from: 'cloud' }));
        const local = localIds.map((id) => ({ id, from: 'local' }));
        const merged = mergeCarts(cloud, local);
        expect(merged.slice(0, cloud.length)).toEqual(cloud);
        expect(new Set(merged.map((i) => i.id))).toEqual(new Set([...cloudIds, ...localIds]));
        expect(merged).toHaveLength(new Set([...cloudIds, ...localIds]).size);
      }),
    );
  });
});

describe('sincronização dos favoritos (docs/spec/specification.md §4)', () => {
  it('os três casos', () => {
    expect(planFavoritesSync(['a'], [])).toMatchObject({
      kind: 'upload',
      items: ['a'],
      toast: { title: 'Favoritos sincronizados' },
    });
    const merged = planFavoritesSync(['a', 'b'], ['b', 'c']);
    expect(merged).toMatchObject({ kind: 'merge', toast: { title: 'Favoritos restaurados' } });
    expect(new Set(merged.items)).toEqual(new Set(['a', 'b', 'c']));
    expect(planFavoritesSync([], ['c'])).toMatchObject({
      kind: 'restore',
      items: ['c'],
      toast: { title: 'Favoritos restaurados' },
    });
  });

  it('conta no singular um favorito só (issue #40 item 10: nunca "1 favoritos carregados")', () => {
    const said = (plan: ReturnType<typeof planFavoritesSync>) =>
      'toast' in plan ? plan.toast.description : '';
    expect(said(planFavoritesSync(['a'], ['a']))).toBe('1 favorito carregado');
    expect(said(planFavoritesSync([], ['c']))).toBe('1 favorito carregado da nuvem');
    expect(said(planFavoritesSync(['a'], ['b']))).toBe('2 favoritos carregados');
  });
});

describe('início no passado (decisão 023, issue #40 item 2)', () => {
  it('acha a primeira linha que começa antes de hoje; sem data ou de hoje em diante não conta', () => {
    const lines = [{ startDate: null }, { startDate: '2026-05-04' }, { startDate: '2026-05-01' }];
    expect(cartPastStartLine(lines, '2026-05-04')).toBe(lines[2]);
    expect(cartPastStartLine(lines.slice(0, 2), '2026-05-04')).toBeUndefined();
  });
});
