/**
 * The bodies Urbana sends to a PSP and the answers it reads, written from the Banco Central's API Pix
 * 2.9.0 (OpenAPI `components.schemas`): `CobSolicitada`, `CobVSolicitada`, `CobGerada`/`CobCompleta`,
 * `CobVGerada`, `Pix`, `DevolucaoSolicitada`, `Devolucao`, `PixConsultados`, `WebhookSolicitado`, the
 * webhook's `{ pix: [...] }` and the `Problema` of an error. Requests are strict (a misspelt field is a
 * bug of ours, and the simulator refuses it); answers keep unknown fields, as PSPs add their own.
 */
import { z } from 'zod';

/** `TxId` of a charge: 26 to 35 letters and digits. */
export const txidSchema = z.string().regex(/^[a-zA-Z0-9]{26,35}$/, 'txid: 26 a 35 letras e dígitos');
/** A txid as a received Pix carries it (a static BR Code allows 1 to 35, or none). */
export const receivedTxidSchema = z.string().regex(/^[a-zA-Z0-9]{1,35}$/);
export const endToEndIdSchema = z.string().regex(/^[a-zA-Z0-9]{32}$/, 'endToEndId: 32 letras e dígitos');
export const devolucaoIdSchema = z.string().regex(/^[a-zA-Z0-9]{1,35}$/, 'id: 1 a 35 letras e dígitos');
/** Every amount of the API: `\d{1,10}\.\d{2}`, a dot, no thousands separator. */
export const valorSchema = z.string().regex(/^\d{1,10}\.\d{2}$/, 'valor no formato 1234.56');
const cpf = z.string().regex(/^\d{11}$/, 'cpf: 11 dígitos');
/** PessoaJuridica.cnpj: `^[0-9A-Z]{14}$`, the alphanumeric CNPJ included. */
const cnpj = z.string().regex(/^[0-9A-Z]{14}$/, 'cnpj: 14 letras maiúsculas ou dígitos');
const nome = z.string().min(1).max(200);
const dateTime = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'data e hora RFC 3339');
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'data no formato AAAA-MM-DD');

/** centavos → "1234.56" */
export function toValor(centavos: number): string {
  if (!Number.isInteger(centavos) || centavos < 0) throw new Error(`valor inválido: ${centavos}`);
  return `${Math.floor(centavos / 100)}.${String(centavos % 100).padStart(2, '0')}`;
}

/** "1234.56" → centavos, exact (no floating point). */
export function fromValor(valor: string): number {
  const match = /^(\d{1,10})\.(\d{2})$/.exec(valor);
  if (!match) throw new Error(`valor fora do formato da API Pix: ${valor}`);
  return Number(match[1]) * 100 + Number(match[2]);
}

/** The debtor: a CPF or a CNPJ, never both, with a name (PessoaFisica | PessoaJuridica). */
export const devedorSchema = z.union([z.object({ cpf, nome }).strict(), z.object({ cnpj, nome }).strict()]);

/** A cobv's debtor may also carry an address and e-mail (DadosDevedor). */
export const devedorCobvSchema = z.union([
  z
    .object({
      cpf,
      nome,
      email: z.string().optional(),
      logradouro: z.string().max(200).optional(),
      cidade: z.string().max(200).optional(),
      uf: z.string().max(2).optional(),
      cep: z.string().max(8).optional(),
    })
    .strict(),
  z
    .object({
      cnpj,
      nome,
      email: z.string().optional(),
      logradouro: z.string().max(200).optional(),
      cidade: z.string().max(200).optional(),
      uf: z.string().max(2).optional(),
      cep: z.string().max(8).optional(),
    })
    .strict(),
]);

const infoAdicionais = z
  .array(z.object({ nome: z.string().max(50), valor: z.string().max(200) }).strict())
  .max(50);

/** CobBase: the receiver's key (≤ 77), a request to the payer (≤ 140), extra lines. */
const cobBase = {
  chave: z.string().min(1).max(77),
  solicitacaoPagador: z.string().max(140).optional(),
  infoAdicionais: infoAdicionais.optional(),
};

/** `PUT /cob/{txid}` — CobSolicitada. */
export const cobRequestSchema = z
  .object({
    calendario: z.object({ expiracao: z.number().int().positive() }).strict(),
    devedor: devedorSchema.optional(),
    valor: z
      .object({
        original: valorSchema,
        modalidadeAlteracao: z.union([z.literal(0), z.literal(1)]).optional(),
      })
      .strict(),
    ...cobBase,
  })
  .strict();
export type CobRequest = z.infer<typeof cobRequestSchema>;

/** `PATCH /cob/{txid}` — CobRevisada: Urbana revises only the life of a charge (a hold extended). */
export const cobPatchSchema = z
  .object({ calendario: z.object({ expiracao: z.number().int().positive() }).strict() })
  .strict();
export type CobPatch = z.infer<typeof cobPatchSchema>;

const modalidadeValor = (max: number) =>
  z.object({ modalidade: z.number().int().min(1).max(max), valorPerc: valorSchema }).strict();

/** `PUT /cobv/{txid}` — CobVSolicitada: due date, days of validity after it, fine and interest. */
export const cobvRequestSchema = z
  .object({
    calendario: z
      .object({ dataDeVencimento: isoDate, validadeAposVencimento: z.number().int().min(0).optional() })
      .strict(),
    devedor: devedorCobvSchema,
    loc: z.object({ id: z.number().int() }).strict().optional(),
    valor: z
      .object({
        original: valorSchema,
        multa: modalidadeValor(2).optional(),
        juros: modalidadeValor(8).optional(),
        abatimento: modalidadeValor(2).optional(),
        desconto: z
          .object({ modalidade: z.number().int().min(1).max(6) })
          .passthrough()
          .optional(),
      })
      .strict(),
    ...cobBase,
  })
  .strict();
export type CobvRequest = z.infer<typeof cobvRequestSchema>;

export const cobStatusSchema = z.enum([
  'ATIVA',
  'CONCLUIDA',
  'REMOVIDA_PELO_USUARIO_RECEBEDOR',
  'REMOVIDA_PELO_PSP',
]);
export type CobStatus = z.infer<typeof cobStatusSchema>;

/** Devolucao: a refund as the PSP reports it. */
export const devolucaoSchema = z.looseObject({
  id: devolucaoIdSchema,
  rtrId: z.string().regex(/^[a-zA-Z0-9]{32}$/),
  valor: valorSchema,
  natureza: z.string().optional(),
  descricao: z.string().max(140).optional(),
  horario: z.looseObject({ solicitacao: dateTime.optional(), liquidacao: dateTime.optional() }),
  status: z.enum(['EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO']),
  motivo: z.string().max(140).optional(),
});
export type Devolucao = z.infer<typeof devolucaoSchema>;

/** Pix: one received payment. */
export const pixSchema = z.looseObject({
  endToEndId: endToEndIdSchema,
  txid: receivedTxidSchema.optional(),
  valor: valorSchema,
  horario: dateTime,
  infoPagador: z.string().max(140).optional(),
  devolucoes: z.array(devolucaoSchema).optional(),
});
export type Pix = z.infer<typeof pixSchema>;

const pagoSchema = z.array(pixSchema).optional();

/** CobGerada / CobCompleta: what `PUT` and `GET /cob/{txid}` answer. */
export const cobAnswerSchema = z.looseObject({
  calendario: z.looseObject({ criacao: dateTime, expiracao: z.number().int() }),
  txid: txidSchema,
  revisao: z.number().int(),
  status: cobStatusSchema,
  valor: z.looseObject({ original: valorSchema }),
  chave: z.string(),
  location: z.string().optional(),
  pixCopiaECola: z.string().max(512).optional(),
  pix: pagoSchema,
});
export type CobAnswer = z.infer<typeof cobAnswerSchema>;

/** CobVGerada / CobVCompleta. */
export const cobvAnswerSchema = z.looseObject({
  calendario: z.looseObject({
    criacao: dateTime,
    dataDeVencimento: isoDate,
    validadeAposVencimento: z.number().int(),
  }),
  txid: txidSchema,
  revisao: z.number().int(),
  status: cobStatusSchema,
  valor: z.looseObject({ original: valorSchema }),
  chave: z.string(),
  pixCopiaECola: z.string().max(512).optional(),
  pix: pagoSchema,
});
export type CobvAnswer = z.infer<typeof cobvAnswerSchema>;

/** Paginacao of every list. */
export const paginacaoSchema = z.object({
  paginaAtual: z.number().int().min(0),
  itensPorPagina: z.number().int().min(1),
  quantidadeDePaginas: z.number().int().min(1),
  quantidadeTotalDeItens: z.number().int().min(0),
});

/** PixConsultados: `GET /pix?inicio&fim`. */
export const pixListSchema = z.looseObject({
  parametros: z.looseObject({ inicio: dateTime, fim: dateTime, paginacao: paginacaoSchema }),
  pix: z.array(pixSchema).default([]),
});

/** `PUT /pix/{e2eid}/devolucao/{id}` — DevolucaoSolicitada. */
export const devolucaoRequestSchema = z
  .object({
    valor: valorSchema,
    natureza: z.enum(['ORIGINAL', 'RETIRADA']).optional(),
    descricao: z.string().max(140).optional(),
  })
  .strict();
export type DevolucaoRequest = z.infer<typeof devolucaoRequestSchema>;

/** `PUT /webhook/{chave}` — WebhookSolicitado. */
export const webhookRequestSchema = z.object({ webhookUrl: z.url({ protocol: /^https?$/ }) }).strict();

/** What the PSP posts to `{webhookUrl}/pix` — WebhookPixBody. */
export const webhookPixBodySchema = z.object({ pix: z.array(pixSchema).min(1) });

/** Problema (application/problem+json). */
export const problemSchema = z.looseObject({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  correlationId: z.string().optional(),
  violacoes: z
    .array(
      z.looseObject({
        razao: z.string().optional(),
        propriedade: z.string().optional(),
        valor: z.string().optional(),
      }),
    )
    .optional(),
});
export type Problem = z.infer<typeof problemSchema>;
