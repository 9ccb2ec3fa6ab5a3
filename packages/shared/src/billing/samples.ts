/**
 * Billing profiles that pass the checkout's checks (`billingProfileSchema`: a valid CPF or CNPJ, a
 * Brasília address), for the tests, the browser tests and the scanner — not for the app, which never
 * imports this file (it is outside the package's index, under `@urbana/shared/samples`).
 */
const brasilia = {
  phone: '(61) 99999-0000',
  cep: '70040-010',
  street: 'SBS Quadra 2',
  number: '10',
  district: 'Asa Sul',
  city: 'Brasília',
  state: 'DF',
};

/** A person's billing profile (a valid CPF) under the given name. */
export function personBilling(name: string) {
  return { person_type: 'pf', name, document: '529.982.247-25', ...brasilia };
}

/** A company's billing profile: "boleto/transferência faturada" is only for a CNPJ. */
export const companyBilling = {
  person_type: 'pj',
  name: 'Padaria Conceição Ltda.',
  document: '11.222.333/0001-81',
  ...brasilia,
  phone: '(61) 3333-0000',
};
