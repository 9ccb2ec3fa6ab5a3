import { knowledgeArticles, type ArticleSlug } from '@urbana/shared';

/** Frequently asked questions of /suporte; answers are complete on their own. */
export interface FaqEntry {
  question: string;
  answer: string;
  /** The knowledge-centre article that goes further. */
  article?: ArticleSlug;
}

export const faq: FaqEntry[] = [
  {
    question: 'Como funciona a reserva de um local?',
    article: knowledgeArticles.comoFuncionaReserva,
    answer:
      'Escolha o local em Buscar locais, defina a data de início e quantas semanas quer veicular (e, nos locais com torres, quais torres). Adicione ao carrinho e finalize o pedido. As vagas ficam reservadas para você enquanto o pagamento é confirmado.',
  },
  {
    question: 'Qual é a antecedência mínima para começar uma campanha?',
    article: knowledgeArticles.disponibilidade,
    answer:
      'A veiculação pode começar a partir de 2 dias úteis depois de hoje. O calendário do local mostra as semanas disponíveis e a primeira data possível.',
  },
  {
    question: 'Quais formas de pagamento vocês aceitam?',
    article: knowledgeArticles.pagamentoPix,
    answer:
      'Pix, com QR Code e código copia e cola gerados na hora, válido por 30 minutos. Empresas (CNPJ) também podem escolher boleto ou transferência faturada; nesse caso a equipe confirma o pagamento quando recebê-lo.',
  },
  {
    question: 'Onde encontro minhas faturas e como baixo o PDF?',
    article: knowledgeArticles.faturas,
    answer:
      'Em Minha conta → Faturamento. Cada pedido gera uma fatura numerada; você pode filtrar por status e ano, baixar o PDF com os seus dados (CPF ou CNPJ) e pagar pelo Pix as faturas pendentes.',
  },
  {
    question: 'Posso cancelar um pedido?',
    article: knowledgeArticles.cancelamentos,
    answer:
      'Sim, sem custo, enquanto o pedido aguarda pagamento: abra o pedido em Meus pedidos e cancele. Depois do pagamento, o cancelamento é feito pela equipe até 5 dias úteis antes do início da veiculação, com reembolso integral.',
  },
  {
    question: 'Quais formatos de arquivo posso enviar para o anúncio?',
    article: knowledgeArticles.envioCriativos,
    answer:
      'Imagens JPG, PNG ou WebP e vídeos MP4. Cada tipo de mídia tem a sua resolução, orientação e duração de spot; a página Especificações de criação traz os detalhes e o envio avisa se algo não confere.',
  },
  {
    question: 'Quanto tempo leva a análise do criativo?',
    article: knowledgeArticles.prazosAnalise,
    answer:
      'A equipe analisa os criativos em até 1 dia útil. Se algo precisar de ajuste, você recebe o motivo e pode editar e reenviar o anúncio.',
  },
  {
    question: 'Como sei que minha campanha foi ao ar?',
    article: knowledgeArticles.comprovacaoVeiculacao,
    answer:
      'Você recebe uma notificação e um email quando a veiculação começa e quando termina, e as fotos de comprovação aparecem no pedido.',
  },
  {
    question: 'Esqueci minha senha. O que faço?',
    answer:
      'Na tela de entrada, use "Esqueci minha senha" e informe o seu email. Enviaremos um link que vale por 1 hora para criar uma senha nova.',
  },
  {
    question: 'Como recebo a resposta do suporte?',
    answer:
      'Por email, sempre. Se você tiver conta na Urbana com o mesmo email, a conversa também aparece aqui em Meus atendimentos e você recebe uma notificação no sino assim que respondermos.',
  },
];

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Entries whose question or answer has every word of the query (accents and case ignored). */
export function searchFaq(entries: readonly FaqEntry[], query: string): FaqEntry[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...entries];
  return entries.filter((e) => {
    const text = fold(`${e.question} ${e.answer}`);
    return words.every((w) => text.includes(w));
  });
}
