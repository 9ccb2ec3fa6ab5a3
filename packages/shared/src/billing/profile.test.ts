import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { generateCnpj, generateCpf } from '@brazilian-utils/brazilian-utils';
import { personBilling } from './samples.ts';
import {
  billingProfileSchema,
  formatCEP,
  formatDocument,
  formatPhone,
  isValidDocument,
  maskDocument,
  normalizeDocument,
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

  it('CNPJ alfanumérico (IN RFB 2.229/2024): o exemplo da Receita, dígitos errados, máscara e caixa', () => {
    // The Receita Federal's published example of the alphanumeric CNPJ and its check digits.
    expect(isValidDocument('12.ABC.345/01DE-35', 'pj')).toBe(true);
    expect(isValidDocument('12abc34501de35', 'pj')).toBe(true);
    expect(normalizeDocument(' 12.abc.345/01de-35 ')).toBe('12ABC34501DE35');
    expect(formatDocument('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
    expect(maskDocument('12abc34501de35', 'pj')).toBe('12.ABC.345/01DE-35');
    expect(maskDocument('12ab', 'pj')).toBe('12.AB');
    // The check digits are numeric: a letter there stops the mask.
    expect(maskDocument('12ABC34501DEX5', 'pj')).toBe('12.ABC.345/01DE-');
    for (const wrong of ['12ABC34501DE36', '12ABC34501DE53', '12ABC34501DF35', '13ABC34501DE35']) {
      expect(isValidDocument(wrong, 'pj'), wrong).toBe(false);
    }
    // Numeric CNPJs are still CNPJs; a reserved number and a short one are not.
    expect(isValidDocument('11.222.333/0001-81', 'pj')).toBe(true);
    expect(isValidDocument('11222333000182', 'pj')).toBe(false);
    expect(isValidDocument('00000000000000', 'pj')).toBe(false);
    expect(isValidDocument('12ABC34501DE3', 'pj')).toBe(false);
    // A CPF has no letters, and a CNPJ is not a CPF.
    expect(isValidDocument('529.982.247-25', 'pf')).toBe(true);
    expect(isValidDocument('529.982.247-26', 'pf')).toBe(false);
    expect(isValidDocument('52998224725', 'pj')).toBe(false);
    expect(isValidDocument('12ABC34501DE35', 'pf')).toBe(false);
    expect(messages({ ...valid, person_type: 'pj', document: '12.ABC.345/01DE-36' }).document).toBe(
      'CNPJ inválido. Confira as letras e os números.',
    );
    expect(
      billingProfileSchema.parse({ ...valid, person_type: 'pj', document: '12.abc.345/01de-35' }).document,
    ).toBe('12ABC34501DE35');
  });

  it('todo CNPJ e CPF gerado é válido, mascarado e lido de volta; trocar um dígito verificador invalida', () => {
    fc.assert(
      fc.property(fc.constantFrom<1 | 2>(1, 2), fc.integer({ min: 1, max: 9 }), (version, bump) => {
        const cnpj = generateCnpj(version).toUpperCase();
        expect(isValidDocument(formatDocument(cnpj), 'pj')).toBe(true);
        expect(normalizeDocument(maskDocument(cnpj, 'pj'))).toBe(cnpj);
        const last = (Number(cnpj[13]) + bump) % 10;
        expect(isValidDocument(cnpj.slice(0, 13) + String(last), 'pj')).toBe(false);
        const cpf = generateCpf();
        expect(isValidDocument(formatDocument(cpf), 'pf')).toBe(true);
        expect(isValidDocument(cpf.slice(0, 10) + String((Number(cpf[10]) + bump) % 10), 'pf')).toBe(false);
      }),
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
