import {
  Bell,
  Building2,
  CreditCard,
  FileImage,
  FileText,
  Heart,
  MapIcon,
  Megaphone,
  Package,
  PlusCircle,
  Settings,
  UserCog,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '@urbana/shared';
import { userNav } from './nav.ts';

const icons: Record<(typeof userNav)[number]['to'], LucideIcon> = {
  [paths.usuario.meusPedidos]: Package,
  [paths.usuario.meusFavoritos]: Heart,
  [paths.usuario.planos]: MapIcon,
  [paths.usuario.propostas]: FileText,
  [paths.usuario.agencia]: Building2,
  [paths.usuario.meusAnuncios]: Megaphone,
  [paths.usuario.criarAnuncio]: PlusCircle,
  [paths.usuario.bibliotecaMidias]: FileImage,
  [paths.usuario.notificacoes]: Bell,
  [paths.usuario.faturamento]: CreditCard,
  [paths.usuario.completarPerfil]: UserCog,
  [paths.usuario.conta]: Settings,
};

/** The account menu's and the account area's entries, each with its icon. */
export const userNavWithIcons = userNav.map((item) => ({ ...item, icon: icons[item.to] }));
