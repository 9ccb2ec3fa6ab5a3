/**
 * The messages of "Avise-me", without zod: the watch button sits on product cards of the public
 * pages, whose first load must not bring the schema library (docs/decisions/041-page-budgets.md).
 */
export const watchMessages = {
  notFavorite: 'Adicione o local aos favoritos para ser avisado.',
  on: 'Vamos avisar quando uma semana ficar livre ou o preço baixar.',
  off: 'Você não será mais avisado sobre este local.',
} as const;
