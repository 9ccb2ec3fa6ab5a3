import { describe, expect, it } from 'vitest';
import { personBilling } from './samples.ts';
import {
  billingProfileSchema,
  formatCEP,
  formatDocument,
  formatPhone,
  maskDocument,
  normalizePhone,
} from './profile.ts';

const valid = personBilling('Ana Souza');
const messages = (input: Record<string, unknown>) => {
  const result = billingProfileSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('máscaras e leitura de CPF/CNPJ, telefone e CEP', () => {
  it.each([
    ['+55 (61) 99999-0000', '61999990000'],
    ['55 61 99999 0000', '61999990000'],
    ['061 99999-0000', '61999990000'],
    ['61 3333.0000', '6133330000'],
    ['(61)99999-0000', '61999990000'],
  ])('telefone %s → %s', (typed, expected) => {
    expect(normalizePhone(typed)).toBe(expected);
  });

  it('mostra cada número com a sua máscara, também parcial', () => {
    expect(formatPhone('61999990000')).toBe('(61) 99999-0000');
    expect(formatPhone('+55 61 3333-0000')).toBe('(61) 3333-0000');
    expect(formatPhone('619')).toBe('(61) 9');
    expect(formatCEP('70040010')).toBe('70040-010');
    expect(formatCEP('70.040-010')).toBe('70040-010');
    expect(formatCEP('700')).toBe('700');
    expect(maskDocument('52998224725', 'pf')).toBe('529.982.247-25');
    expect(maskDocument('5299', 'pf')).toBe('529.9');
    expect(maskDocument('11222333000181', 'pj')).toBe('11.222.333/0001-81');
    expect(formatDocument('11.222.333/0001-81')).toBe('11.222.333/0001-81');
  });

  it('o servidor guarda só os dígitos, qualquer que seja o formato colado', () => {
    const parsed = billingProfileSchema.parse({
      ...valid,
      document: ' 529 982 247 25 ',
      phone: '+55 61 99999-0000',
      cep: '70.040-010',
    });
    expect(parsed).toMatchObject({ document: '52998224725', phone: '61999990000', cep: '70040010' });
  });

  it('CPF ou CNPJ vazio diz o que falta', () => {
    expect(messages({ ...valid, document: '' }).document).toBe('Informe o CPF.');
    expect(messages({ ...valid, person_type: 'pj', document: '  ' }).document).toBe('Informe o CNPJ.');
    expect(messages({ ...valid, document: '123.456.789-00' }).document).toBe(
      'CPF inválido. Confira os números.',
    );
  });

  it('CEP vazio diz o que falta, como os outros campos; um CEP incompleto é inválido', () => {
    expect(messages({ ...valid, cep: '' }).cep).toBe('Informe o CEP.');
    expect(messages({ ...valid, cep: ' -. ' }).cep).toBe('Informe o CEP.');
    expect(messages({ ...valid, cep: '700' }).cep).toBe('CEP inválido.');
    // The form sends every field at once: an empty CEP does not hide the other fields' messages.
    const empty = messages({ ...valid, document: '', cep: '' });
    expect(empty.document).toBe('Informe o CPF.');
    expect(empty.cep).toBe('Informe o CEP.');
  });

  it('o número é um número, S/N ou um bloco; nunca negativo', () => {
    for (const number of ['10', '1.200', '12A', 'S/N', 'Bloco C']) {
      expect(messages({ ...valid, number }).number).toBeUndefined();
    }
    for (const number of ['-5', '−5', '.', '/']) {
      expect(messages({ ...valid, number }).number).toBe(
        'Use o número do endereço, sem sinal, ou S/N se não houver.',
      );
    }
    expect(messages({ ...valid, number: '' }).number).toBe('Informe o número.');
  });
});
