import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import {
  formatCEP,
  formatPhone,
  isValidDocument,
  normalizeDocument,
  ufNames,
  type BillingProfile,
  type BillingProfileInput,
} from '@urbana/shared';
import { fetchCnpj } from '../../../features/orders/index.ts';
import { api } from '../../../lib/api-client.ts';

/** How long the CEP service may take before the user simply types the address. */
const CEP_TIMEOUT_MS = 4000;

type LookupState = 'idle' | 'loading' | 'found' | 'notFound' | 'unavailable';
const cepHints: Record<LookupState, string | undefined> = {
  idle: undefined,
  loading: 'Buscando o endereço deste CEP...',
  found: 'Endereço preenchido pelo CEP. Confira e complete o número.',
  notFound: 'Não encontramos este CEP. Preencha o endereço abaixo.',
  unavailable: 'Não foi possível consultar o CEP agora. Preencha o endereço abaixo.',
};

interface ViaCepAnswer {
  erro?: boolean | string;
  logradouro?: string;
  bairro?: string;
  localidade?: string;
  uf?: string;
  /** The city's IBGE code, which an NFS-e names (issue #42 item 2). */
  ibge?: string;
}

type Form = UseFormReturn<BillingProfileInput, unknown, BillingProfile>;
type Filled = 'name' | 'street' | 'number' | 'complement' | 'district' | 'city' | 'state' | 'cep';

/**
 * The billing form's two lookups: the address of a CEP (ViaCEP protocol, asked by the browser) and a
 * company of a CNPJ (BrasilAPI protocol, asked by the API). Each fills what it knows and the person
 * checks it; any failure leaves the fields to be typed, with a hint that says so.
 */
export function useBillingLookups(form: Form, config: { cepUrl: string; cnpjLookup: boolean }) {
  const [cepState, setCepState] = useState<LookupState>('idle');
  const [lookedUp, setLookedUp] = useState('');
  const [cnpjHint, setCnpjHint] = useState<string | undefined>();
  const [cnpjAsked, setCnpjAsked] = useState('');
  const fill = (name: Filled, value: string | null | undefined) => {
    if (value) form.setValue(name, value, { shouldValidate: form.formState.isSubmitted });
  };

  /** ViaCEP protocol (GET {base}/{cep}/json/). */
  const lookUpCep = async (cep: string) => {
    if (!config.cepUrl || cep.length !== 8 || lookedUp === cep) return;
    setLookedUp(cep);
    setCepState('loading');
    try {
      const answer = await api<ViaCepAnswer>(`${config.cepUrl}/${cep}/json/`, {
        signal: AbortSignal.timeout(CEP_TIMEOUT_MS),
      });
      if (form.getValues('cep').replace(/\D/g, '') !== cep) return;
      if (answer.erro) return setCepState('notFound');
      fill('street', answer.logradouro);
      fill('district', answer.bairro);
      fill('city', answer.localidade);
      fill('state', answer.uf && answer.uf in ufNames ? answer.uf : undefined);
      form.setValue('ibge_code', /^\d{7}$/.test(answer.ibge ?? '') ? answer.ibge! : null);
      setCepState('found');
    } catch {
      setLookedUp('');
      setCepState('unavailable');
    }
  };

  /** The company of a complete, valid CNPJ; then its CEP, whose address reads better (accents). */
  const lookUpCnpj = async (typed: string) => {
    const cnpj = normalizeDocument(typed);
    if (!config.cnpjLookup || !isValidDocument(cnpj, 'pj') || cnpjAsked === cnpj) return;
    setCnpjAsked(cnpj);
    setCnpjHint('Buscando a empresa na Receita Federal...');
    try {
      const company = await fetchCnpj(cnpj);
      if (normalizeDocument(form.getValues('document')) !== cnpj) return;
      fill('name', company.name);
      fill('cep', formatCEP(company.cep));
      for (const name of ['street', 'number', 'complement', 'district', 'city', 'state'] as const)
        fill(name, company[name]);
      form.setValue('ibge_code', company.ibge_code);
      // The registry's phone only where none was typed: the person's own number comes first.
      if (company.phone && !form.getValues('phone'))
        form.setValue('phone', formatPhone(company.phone), { shouldValidate: form.formState.isSubmitted });
      const status = company.status ?? 'ativa';
      setCnpjHint(
        !/^ativa$/i.test(status)
          ? `Atenção: a Receita Federal mostra este CNPJ como ${status.toLowerCase()}.`
          : 'Dados da Receita Federal preenchidos. Confira antes de salvar.',
      );
      void lookUpCep(company.cep);
    } catch (e) {
      setCnpjAsked('');
      setCnpjHint(e instanceof Error ? e.message : 'Preencha os dados da empresa.');
    }
  };

  return {
    cepHint: cepHints[cepState],
    cnpjHint,
    /** A CEP typed by hand: its old city code no longer holds until the lookup answers. */
    cepTyped: (masked: string) => {
      const cep = masked.replace(/\D/g, '');
      form.setValue('ibge_code', null);
      if (cep.length === 8) void lookUpCep(cep);
      else setCepState('idle');
    },
    documentTyped: (masked: string) => {
      if (form.getValues('person_type') === 'pj') void lookUpCnpj(masked);
      else setCnpjHint(undefined);
    },
    /** A city or state typed by hand: the code filled by a lookup may be another city's. */
    placeTyped: () => form.setValue('ibge_code', null),
  };
}
