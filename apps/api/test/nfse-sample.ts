/** A sample order's DPS input for the NFS-e tests: Urbana invoices a company of alphanumeric CNPJ. */
import type { DpsInput } from '../src/services/fiscal/dps.ts';

export function sampleDps(overrides: Partial<DpsInput> = {}): DpsInput {
  return {
    environment: 2,
    series: '1',
    number: 42,
    issuedAt: new Date('2026-03-05T17:07:09Z'),
    competence: '2026-03-09',
    issuer: {
      cnpj: '11.222.333/0001-81',
      municipalRegistration: '0734512',
      cityIbge: '5300108',
      regime: 'real',
    },
    buyer: {
      document: '12.ABC.345/01DE-35',
      name: 'Nova Mídia “Exterior” – Ltda & Cia <Filial>',
      email: 'financeiro@novamidia.com.br',
      address: {
        cityIbge: '5300108',
        cep: '70070-120',
        street: 'Setor Bancário Sul Quadra 2',
        number: '10',
        complement: 'Bloco E Sala 1201',
        district: 'Asa Sul',
      },
    },
    service: {
      description: 'Veiculação em mídia exterior: Outdoor Eixo Monumental, de 09/03/2026 até 22/03/2026.',
      placeIbge: '5300108',
      internalCode: 'PED-2026-0042',
    },
    values: { amountCents: 1_234_567, unconditionalDiscountCents: 123_456, issRateBasisPoints: 500 },
    ...overrides,
  };
}
