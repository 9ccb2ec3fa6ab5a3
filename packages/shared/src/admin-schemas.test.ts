import { describe, expect, it } from 'vitest';
import {
  couponFormSchema,
  couponFreeOrdersWarning,
  couponInputSchema,
  dateRangeProblem,
  parseReais,
} from './admin-schemas.ts';
import { productFormSchema, productInputSchema } from './admin/products.ts';

describe('parseReais', () => {
  it.each([
    ['1.234,56', 123_456],
    ['R$ 1.234,56', 123_456],
    ['150', 15_000],
    ['150,5', 15_050],
    ['99.999,00', 9_999_900],
    ['12.34', 1_234],
    ['1.500', 150_000],
  ])('%s → %i centavos', (input, centavos) => {
    expect(parseReais(input)).toBe(centavos);
  });

  it.each(['', 'abc', '1,234,56', '-10', '1,999'])('"%s" não é preço', (input) => {
    expect(parseReais(input)).toBeNull();
  });
});

const product = {
  name: 'Painel Eixo',
  type: 'painel_led',
  address: 'Eixo Monumental',
  city: 'Brasília',
  state: 'DF',
  latitude: -15.79,
  longitude: -47.88,
  daily_price: 10_000,
  weekly_audience: 1000,
  towers: [{ name: 'Face', screens: 1, weekly_audience: 1000, slots: 2 }],
};

describe('productInputSchema', () => {
  it('aceita um produto de uma face e recusa duas faces sem torres', () => {
    expect(productInputSchema.safeParse(product).success).toBe(true);
    const two = productInputSchema.safeParse({
      ...product,
      towers: [...product.towers, { ...product.towers[0], name: 'B' }],
    });
    expect(two.error?.issues[0]?.message).toBe('Um produto sem torres tem exatamente uma face.');
  });

  it('recusa UF desconhecida, coordenadas fora do Brasil e torres de mesmo nome', () => {
    expect(productInputSchema.safeParse({ ...product, state: 'XX' }).error?.issues[0]?.message).toBe(
      'Escolha a UF.',
    );
    expect(productInputSchema.safeParse({ ...product, latitude: 40 }).error?.issues[0]?.message).toBe(
      'Latitude fora do Brasil.',
    );
    const same = productInputSchema.safeParse({
      ...product,
      is_tower_based: true,
      towers: [product.towers[0], { ...product.towers[0], name: 'face' }],
    });
    expect(same.error?.issues[0]?.message).toBe('Cada torre precisa de um nome diferente.');
  });
});

describe('números grandes demais nos produtos', () => {
  it('dizem o limite, não "use um número inteiro" (passam dos inteiros seguros)', () => {
    const message = (patch: Record<string, unknown>) =>
      productInputSchema.safeParse({ ...product, ...patch }).error?.issues[0]?.message;
    expect(message({ weekly_audience: Number('99999999999999999999') })).toBe('Audiência grande demais.');
    expect(message({ weekly_audience: Number('-99999999999999999999') })).toBe(
      'A audiência não pode ser negativa.',
    );
    expect(message({ weekly_audience: 10.5 })).toBe('Use um número inteiro.');
    expect(message({ daily_price: 1e22 })).toBe('Preço diário alto demais.');
    expect(message({ towers: [{ ...product.towers[0], slots: 1e21 }] })).toBe('No máximo 100 slots.');
    expect(message({ towers: [{ ...product.towers[0], screens: 1e21 }] })).toBe('No máximo 1.000 telas.');
  });
});

describe('productFormSchema', () => {
  const typed = {
    name: 'Painel Eixo',
    description: '',
    type: 'painel_led',
    address: 'Eixo Monumental',
    neighborhood: '',
    city: 'Brasília',
    state: 'DF',
    latitude: '-15,79',
    longitude: '-47.88',
    daily_price: '1.234,50',
    is_tower_based: false,
    weekly_audience: '1000',
    audience_profile: '',
    operating_hours: '',
    status: 'ativo',
    towers: [{ name: 'Face', screens: '1', weekly_audience: '1000', slots: '2' }],
  } as const;

  it('lê o que foi digitado (vírgula, reais) no que a API recebe', () => {
    expect(productFormSchema.parse(typed)).toMatchObject({
      latitude: -15.79,
      longitude: -47.88,
      daily_price: 123_450,
      towers: [{ name: 'Face', screens: 1, weekly_audience: 1000, slots: 2 }],
    });
  });

  it('diz cada erro no seu campo, com a mensagem da API, todos de uma vez', () => {
    const result = productFormSchema.safeParse({
      ...typed,
      name: 'P',
      latitude: '',
      daily_price: 'caro',
      towers: [{ name: '', screens: '0', weekly_audience: '1000', slots: 'x' }],
    });
    const byPath = Object.fromEntries(result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? []);
    expect(byPath).toEqual({
      name: 'O nome precisa de ao menos 3 letras.',
      latitude: 'Latitude inválida.',
      daily_price: 'Informe o preço em reais, por exemplo 150,00.',
      'towers.0.name': 'Informe o nome da torre.',
      'towers.0.screens': 'Ao menos 1 tela.',
      'towers.0.slots': 'Use só algarismos, por exemplo 120.000.',
    });
  });

  it('diz que um preço negativo é negativo, não ilegível (issue #40 item 8)', () => {
    for (const price of ['-10', '-150,00', '- R$ 5,00']) {
      const result = productFormSchema.safeParse({ ...typed, daily_price: price });
      expect(result.error?.issues.map((i) => i.message)).toEqual([
        'O preço diário não pode ser negativo: o mínimo é R$\u00a01,00.',
      ]);
    }
  });

  it('lê contagens como se escrevem no Brasil: "120.000" são cento e vinte mil', () => {
    const parsed = productFormSchema.parse({
      ...typed,
      weekly_audience: ' 120.000 ',
      towers: [{ name: 'Face', screens: '2', weekly_audience: '1.250.000', slots: '12' }],
    });
    expect(parsed).toMatchObject({
      weekly_audience: 120_000,
      towers: [{ screens: 2, weekly_audience: 1_250_000, slots: 12 }],
    });
  });

  it('recusa o que Number aceitaria e ninguém digita: expoente, hexadecimal, Infinity', () => {
    const messageOf = (field: Record<string, string>) =>
      productFormSchema
        .safeParse({ ...typed, ...field })
        .error?.issues.map((i) => [i.path.join('.'), i.message]);
    const count = 'Use só algarismos, por exemplo 120.000.';
    expect(messageOf({ weekly_audience: '1e5' })).toEqual([['weekly_audience', count]]);
    expect(messageOf({ weekly_audience: '0x1F' })).toEqual([['weekly_audience', count]]);
    expect(messageOf({ weekly_audience: '1.20.000' })).toEqual([['weekly_audience', count]]);
    expect(messageOf({ weekly_audience: '1,5' })).toEqual([['weekly_audience', 'Use um número inteiro.']]);
    expect(messageOf({ latitude: '-1e1' })).toEqual([['latitude', 'Use um número, por exemplo -15,79.']]);
    expect(messageOf({ longitude: 'Infinity' })).toEqual([
      ['longitude', 'Use um número, por exemplo -47,88.'],
    ]);
    expect(messageOf({ weekly_audience: '' })).toEqual([['weekly_audience', 'Informe a audiência semanal.']]);
  });

  it('aplica as regras entre campos da API: uma face sem torres', () => {
    const two = productFormSchema.safeParse({
      ...typed,
      towers: [...typed.towers, { ...typed.towers[0], name: 'B' }],
    });
    expect(two.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['towers', 'Um produto sem torres tem exatamente uma face.'],
    ]);
  });
});

describe('aviso de cupom de valor fixo acima do pedido mínimo', () => {
  it('avisa que pedidos até o desconto saem de graça, só para valor fixo acima do mínimo', () => {
    expect(couponFreeOrdersWarning('valor', 50_000, 10_000)).toBe(
      'Pedidos de até R$\u00a0500,00 sairão de graça: o desconto cobre o pedido inteiro. Para evitar, defina um pedido mínimo acima do desconto.',
    );
    expect(couponFreeOrdersWarning('valor', 50_000, null)).not.toBeNull();
    expect(couponFreeOrdersWarning('valor', 50_000, 50_000)).toBeNull();
    expect(couponFreeOrdersWarning('valor', 5_000, 100_000)).toBeNull();
    expect(couponFreeOrdersWarning('percentual', 100, 0)).toBeNull();
    expect(couponFreeOrdersWarning('valor', null, 0)).toBeNull();
  });
});

describe('couponInputSchema', () => {
  it('põe o código em maiúsculas e aplica os padrões', () => {
    const parsed = couponInputSchema.parse({ code: ' bemvindo10 ', kind: 'percentual', value: 10 });
    expect(parsed).toMatchObject({ code: 'BEMVINDO10', min_order: 0, max_uses: null, active: true });
  });

  it('percentual até 100 e fim depois do início', () => {
    expect(
      couponInputSchema.safeParse({ code: 'X10', kind: 'percentual', value: 101 }).error?.issues[0]?.message,
    ).toBe('O percentual vai de 1 a 100.');
    const window = couponInputSchema.safeParse({
      code: 'X10',
      kind: 'valor',
      value: 500,
      starts_at: '2026-12-01T00:00:00-03:00',
      ends_at: '2026-11-01T00:00:00-03:00',
    });
    expect(window.error?.issues[0]?.message).toBe('O fim precisa ser depois do início.');
  });
});

describe('formulário de cupom', () => {
  const typed = {
    code: 'verao10',
    kind: 'valor' as const,
    value: '1.234,56',
    starts_at: '',
    ends_at: '',
    min_order: '',
    max_uses: '',
    max_uses_per_user: '3',
    first_purchase_only: false,
    active: true,
  };

  it('lê reais, limites em branco e o código como a API espera', () => {
    expect(couponFormSchema.parse(typed)).toMatchObject({
      code: 'VERAO10',
      value: 123456,
      min_order: 0,
      max_uses: null,
      max_uses_per_user: 3,
      starts_at: null,
    });
  });

  it('os erros ficam no campo que os causou, com as mensagens da API', () => {
    const result = couponFormSchema.safeParse({
      ...typed,
      kind: 'percentual',
      value: '150',
      min_order: 'abc',
    });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byField.min_order).toBe('Pedido mínimo inválido.');
    expect(result.error!.issues.map((i) => i.path.join('.'))).toContain('min_order');
  });

  it('um valor digitado nunca é "Informe o valor": 12,5 % não é inteiro; -50 não é maior que zero', () => {
    const valueError = (kind: 'percentual' | 'valor', value: string) =>
      couponFormSchema.safeParse({ ...typed, kind, value }).error?.issues.find((i) => i.path[0] === 'value')
        ?.message;
    expect(valueError('percentual', '12,5')).toBe('Use um número inteiro.');
    expect(valueError('percentual', '-5')).toBe('O desconto precisa ser maior que zero.');
    expect(valueError('valor', '-50')).toBe('O desconto precisa ser maior que zero.');
    expect(valueError('valor', '-R$ 50,00')).toBe('O desconto precisa ser maior que zero.');
    expect(valueError('percentual', '')).toBe('Informe o valor do desconto.');
    expect(valueError('percentual', ' 15 ')).toBeUndefined();
  });
});

describe('dateRangeProblem', () => {
  it('aceita um lado vazio e o mesmo dia; recusa o fim antes do início', () => {
    expect(dateRangeProblem('', '2026-01-01')).toBeNull();
    expect(dateRangeProblem('2026-03-01', '')).toBeNull();
    expect(dateRangeProblem('2026-03-01', '2026-03-01')).toBeNull();
    expect(dateRangeProblem('2026-03-02', '2026-03-01')).toBe(
      'A data final precisa ser igual ou posterior à inicial.',
    );
  });
});
