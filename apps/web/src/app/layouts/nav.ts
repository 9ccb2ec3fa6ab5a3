import { paths } from '@urbana/shared';

/**
 * The signed-in user's pages. Their icons live in `nav-icons.ts`: the header's phone menu lists
 * these without icons, and every public first visit loads the header
 * (docs/decisions/046-javascript-budgets.md).
 */
export const userNav = [
  { to: paths.usuario.meusPedidos, label: 'Meus pedidos' },
  { to: paths.usuario.meusFavoritos, label: 'Meus favoritos' },
  { to: paths.usuario.planos, label: 'Meus planos' },
  { to: paths.usuario.propostas, label: 'Propostas' },
  { to: paths.usuario.agencia, label: 'Minha agência' },
  { to: paths.usuario.meusAnuncios, label: 'Meus anúncios' },
  { to: paths.usuario.criarAnuncio, label: 'Criar anúncio' },
  { to: paths.usuario.bibliotecaMidias, label: 'Biblioteca de mídias' },
  { to: paths.usuario.notificacoes, label: 'Notificações' },
  { to: paths.usuario.faturamento, label: 'Faturamento' },
  { to: paths.usuario.completarPerfil, label: 'Meu perfil' },
  { to: paths.usuario.conta, label: 'Minha conta' },
] as const;
