import {
  Bell,
  CreditCard,
  FileImage,
  Heart,
  MapIcon,
  Megaphone,
  Package,
  PlusCircle,
  Settings,
  UserCog,
} from 'lucide-react';
import { paths } from '@urbana/shared';

export const userNav = [
  { to: paths.usuario.meusPedidos, label: 'Meus pedidos', icon: Package },
  { to: paths.usuario.meusFavoritos, label: 'Meus favoritos', icon: Heart },
  { to: paths.usuario.planos, label: 'Meus planos', icon: MapIcon },
  { to: paths.usuario.meusAnuncios, label: 'Meus anúncios', icon: Megaphone },
  { to: paths.usuario.criarAnuncio, label: 'Criar anúncio', icon: PlusCircle },
  { to: paths.usuario.bibliotecaMidias, label: 'Biblioteca de mídias', icon: FileImage },
  { to: paths.usuario.notificacoes, label: 'Notificações', icon: Bell },
  { to: paths.usuario.faturamento, label: 'Faturamento', icon: CreditCard },
  { to: paths.usuario.completarPerfil, label: 'Meu perfil', icon: UserCog },
  { to: paths.usuario.conta, label: 'Minha conta', icon: Settings },
] as const;
