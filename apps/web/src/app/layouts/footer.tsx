import { Link } from 'react-router';
import { paths } from '@urbana/shared';
import { Brand } from './header.tsx';

const groups = [
  {
    title: 'Anunciar',
    links: [
      { to: paths.buscarLocais, label: 'Buscar locais' },
      { to: paths.planejar, label: 'Planejar campanha' },
      { to: paths.midiaKit, label: 'Mídia kit' },
      { to: paths.especificacoesCriacao, label: 'Especificações de criação' },
      { to: paths.guiaCriacao, label: 'Guia de criação' },
    ],
  },
  {
    title: 'Ajuda',
    links: [
      { to: paths.central, label: 'Central de conhecimento' },
      { to: paths.suporte, label: 'Suporte' },
      { to: paths.termos, label: 'Termos de uso' },
      { to: paths.privacidade, label: 'Política de privacidade' },
    ],
  },
  {
    title: 'Sua conta',
    links: [
      { to: paths.usuario.meusPedidos, label: 'Meus pedidos' },
      { to: paths.usuario.meusAnuncios, label: 'Meus anúncios' },
      { to: paths.usuario.faturamento, label: 'Faturamento' },
      { to: paths.usuario.conta, label: 'Minha conta' },
    ],
  },
];

export function Footer() {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-4">
        <div className="space-y-3">
          <Brand />
          <p className="text-sm text-slate-600">
            Mídia exterior no Brasil inteiro: encontre, reserve por semana e pague por Pix.
          </p>
        </div>
        {groups.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="text-sm font-semibold text-slate-900">{group.title}</h2>
            <ul className="mt-3 space-y-2">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-sm text-slate-600 hover:text-brand-800 hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-slate-100 py-4 text-center text-xs text-slate-500">
        © {new Date().getFullYear()} Urbana. Todos os direitos reservados.
      </p>
    </footer>
  );
}
