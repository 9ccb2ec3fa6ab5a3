/** The orders of search results, without zod, for the web app's first load. */
export const searchOrders = [
  'relevancia',
  'menor_preco',
  'maior_preco',
  'maior_audiencia',
  'distancia',
] as const;
export type SearchOrderValue = (typeof searchOrders)[number];
export const searchOrderLabels: Record<SearchOrderValue, string> = {
  relevancia: 'Relevância',
  menor_preco: 'Menor preço',
  maior_preco: 'Maior preço',
  maior_audiencia: 'Maior audiência',
  distancia: 'Distância',
};
