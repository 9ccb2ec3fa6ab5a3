import { describe, expect, it } from 'vitest';
import { agencyFigures } from '@urbana/shared';
import { checkDps } from '../src/services/fiscal/dps-check.ts';
import { buildDps, invoiceDpsValues } from '../src/services/fiscal/dps.ts';
import { sampleDps } from './nfse-sample.ts';

// Issue #44 item 2, decision 098: an agency's NFS-e data carry the gross and, as unconditional discount,
// the long-run discount, the coupon and the desconto-padrão, so that its net is what the invoice charges.
describe('DPS de um pedido de agência', () => {
  it('vServ é o bruto de tabela e vDescIncond soma descontos e desconto-padrão', () => {
    const f = agencyFigures({ lines: 90_000, couponDiscount: 10_000, certified: true, percent: 20 });
    const invoice = { amount: 100_000, discount: 20_000, agency_commission: f.commission, total: f.net };
    const values = invoiceDpsValues(invoice);
    expect(values.amountCents - (values.unconditionalDiscountCents ?? 0)).toBe(invoice.total);
    const { xml } = buildDps(sampleDps({ values: { ...sampleDps().values, ...values } }));
    expect(checkDps(xml)).toEqual([]);
    expect(xml).toContain('<vServ>1000.00</vServ>');
    expect(xml).toContain('<vDescIncond>360.00</vDescIncond>');
  });
});
