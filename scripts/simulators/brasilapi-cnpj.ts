/**
 * A CNPJ registry of Urbana's own that speaks the BrasilAPI protocol (`GET /cnpj/v1/{cnpj}`), for
 * development and the tests (issue #42 item 2): it answers a few companies, numeric and alphanumeric,
 * refuses what BrasilAPI refuses (a malformed CNPJ: 400; an unknown one: 404), and records every path
 * it was asked, so a test can check what Urbana sent. `npm run cnpj:simulador` runs it on port 4010.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isValidCnpj } from '@brazilian-utils/brazilian-utils';

/** The companies it knows, as BrasilAPI writes them (capitals, numbers as numbers). */
export const simulatedCompanies: Record<string, Record<string, unknown>> = {
  '12ABC34501DE35': {
    cnpj: '12ABC34501DE35',
    razao_social: 'NOVA MIDIA EXTERIOR LTDA',
    nome_fantasia: 'NOVA MIDIA',
    descricao_situacao_cadastral: 'ATIVA',
    ddd_telefone_1: '6133334444',
    cep: '70070120',
    descricao_tipo_de_logradouro: 'SETOR',
    logradouro: 'BANCARIO SUL QUADRA 2',
    numero: '10',
    complemento: 'BLOCO E SALA 1201',
    bairro: 'ASA SUL',
    municipio: 'BRASILIA',
    uf: 'DF',
    codigo_municipio_ibge: 5300108,
  },
  '11222333000181': {
    cnpj: '11222333000181',
    razao_social: 'PADARIA CONCEICAO LTDA',
    nome_fantasia: null,
    descricao_situacao_cadastral: 'ATIVA',
    ddd_telefone_1: '',
    cep: 74003010,
    descricao_tipo_de_logradouro: 'AVENIDA',
    logradouro: 'GOIAS',
    numero: '',
    complemento: '',
    bairro: 'SETOR CENTRAL',
    municipio: 'GOIANIA',
    uf: 'GO',
    codigo_municipio_ibge: 5208707,
  },
};

export interface CnpjSimulator {
  url: string;
  /** Every path asked, in order. */
  asked: string[];
  /** Answer 503 to the next requests (a service down). */
  failing: boolean;
  close(): Promise<void>;
}

export async function startCnpjSimulator(port = 0): Promise<CnpjSimulator> {
  const state = { asked: [] as string[], failing: false };
  const server: Server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    state.asked.push(req.url ?? '');
    const match = /^\/cnpj\/v1\/([^/?]+)$/.exec(req.url ?? '');
    if (req.method !== 'GET' || !match) return send(404, { message: 'Rota não encontrada.' });
    if (state.failing) return send(503, { message: 'Serviço indisponível.' });
    const cnpj = decodeURIComponent(match[1]!);
    if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj) || !isValidCnpj(cnpj, { version: 2 }))
      return send(400, { message: `CNPJ ${cnpj} inválido.`, type: 'bad_request' });
    const company = simulatedCompanies[cnpj];
    if (!company) return send(404, { message: `CNPJ ${cnpj} não encontrado.`, type: 'not_found' });
    send(200, company);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    get asked() {
      return state.asked;
    },
    get failing() {
      return state.failing;
    },
    set failing(value: boolean) {
      state.failing = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const simulator = await startCnpjSimulator(Number(process.env.PORT ?? 4010));
  console.log(
    `consulta de CNPJ (protocolo BrasilAPI) em ${simulator.url} — CNPJ_LOOKUP_URL=${simulator.url}`,
  );
}
