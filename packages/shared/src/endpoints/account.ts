/** The signed-in customer's endpoints: cart, favourites, orders, ads, plans, agency… */
import {
  cartBodySchema,
  cartResponseSchema,
  favoriteParamsSchema,
  favoritesBodySchema,
  favoritesSchema,
} from '../cart/schemas.ts';
import { accountAdEndpoints } from './account-ads.ts';
import { accountAgencyEndpoints } from './account-agency.ts';
import { accountBillingEndpoints } from './account-billing.ts';
import { accountMessageEndpoints } from './account-messages.ts';
import { accountOrderEndpoints } from './account-orders.ts';
import { accountPlanEndpoints } from './account-plans.ts';
import { accountSettingsEndpoints } from './account-settings.ts';
import { endpoint } from './define.ts';

const cartTags = ['carrinho'] as const;
const favoriteTags = ['favoritos'] as const;

export const accountEndpoints = {
  ...accountSettingsEndpoints,
  ...accountMessageEndpoints,
  ...accountOrderEndpoints,
  ...accountBillingEndpoints,
  ...accountPlanEndpoints,
  ...accountAgencyEndpoints,
  ...accountAdEndpoints,
  cart: {
    read: endpoint({
      method: 'GET',
      path: '/api/cart',
      answer: cartResponseSchema,
      summary: 'O carrinho na nuvem',
      tags: cartTags,
    }),
    save: endpoint({
      method: 'PUT',
      path: '/api/cart',
      body: cartBodySchema,
      answer: cartResponseSchema,
      summary: 'Salva o carrinho (upsert por usuário)',
      tags: cartTags,
    }),
  },
  favorites: {
    list: endpoint({
      method: 'GET',
      path: '/api/favorites',
      answer: favoritesSchema,
      summary: 'Ids dos produtos favoritos',
      tags: favoriteTags,
    }),
    addMany: endpoint({
      method: 'POST',
      path: '/api/favorites',
      body: favoritesBodySchema,
      answer: favoritesSchema,
      summary: 'Adiciona vários favoritos (sincronização); ids inexistentes são ignorados',
      tags: favoriteTags,
    }),
    add: endpoint({
      method: 'PUT',
      path: '/api/favorites/:productId',
      params: favoriteParamsSchema,
      status: 204,
      summary: 'Adiciona um favorito (nada muda se já existe)',
      tags: favoriteTags,
    }),
    remove: endpoint({
      method: 'DELETE',
      path: '/api/favorites/:productId',
      params: favoriteParamsSchema,
      status: 204,
      summary: 'Remove um favorito',
      tags: favoriteTags,
    }),
    clear: endpoint({
      method: 'DELETE',
      path: '/api/favorites',
      status: 204,
      summary: 'Remove todos os favoritos',
      tags: favoriteTags,
    }),
  },
} as const;
