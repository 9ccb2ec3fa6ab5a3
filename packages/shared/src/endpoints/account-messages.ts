/** Support tickets, notifications and "Avise-me" of a signed-in person (visitors may open a ticket). */
import {
  NOTIFICATION_NOT_FOUND,
  notificationListSchema,
  notificationReadSchema,
  unreadCountSchema,
} from '../notifications/schemas.ts';
import {
  createTicketSchema,
  TICKET_NOT_FOUND,
  ticketListSchema,
  ticketReplySchema,
  ticketSchema,
  ticketThreadSchema,
} from '../support/schemas.ts';
import { watchListResponseSchema, watchParamsSchema } from '../watches/schemas.ts';
import { endpoint } from './define.ts';
import { emptyBody, uuidParams } from './params.ts';

const ticketParams = uuidParams(TICKET_NOT_FOUND);
const supportTags = ['suporte'] as const;
const notificationTags = ['notificações'] as const;

export const accountMessageEndpoints = {
  support: {
    open: endpoint({
      method: 'POST',
      path: '/api/support/tickets',
      body: createTicketSchema,
      answer: ticketSchema,
      status: 201,
      summary: 'Abre um atendimento (visitante informa nome e email; com sessão, os da conta)',
      tags: supportTags,
    }),
    list: endpoint({
      method: 'GET',
      path: '/api/support/tickets',
      answer: ticketListSchema,
      summary: 'Meus atendimentos',
      tags: supportTags,
    }),
    ticket: endpoint({
      method: 'GET',
      path: '/api/support/tickets/:id',
      params: ticketParams,
      answer: ticketThreadSchema,
      summary: 'Um atendimento meu e a conversa',
      tags: supportTags,
    }),
    reply: endpoint({
      method: 'POST',
      path: '/api/support/tickets/:id/messages',
      params: ticketParams,
      body: ticketReplySchema,
      answer: ticketThreadSchema,
      summary: 'Respondo no meu atendimento',
      tags: supportTags,
    }),
  },
  notifications: {
    list: endpoint({
      method: 'GET',
      path: '/api/notifications',
      answer: notificationListSchema,
      summary: 'Minhas notificações (as 50 mais recentes) e quantas não li',
      tags: notificationTags,
    }),
    stream: endpoint({
      method: 'GET',
      path: '/api/notifications/stream',
      summary: 'Notificações ao vivo (Server-Sent Events): evento "notificacao" a cada nova',
      tags: notificationTags,
    }),
    read: endpoint({
      method: 'POST',
      path: '/api/notifications/:id/read',
      params: uuidParams(NOTIFICATION_NOT_FOUND),
      body: emptyBody,
      answer: notificationReadSchema,
      summary: 'Marca uma notificação como lida',
      tags: notificationTags,
    }),
    readAll: endpoint({
      method: 'POST',
      path: '/api/notifications/read-all',
      body: emptyBody,
      answer: unreadCountSchema,
      summary: 'Marca todas as minhas notificações como lidas',
      tags: notificationTags,
    }),
  },
  watches: {
    list: endpoint({
      method: 'GET',
      path: '/api/watches',
      answer: watchListResponseSchema,
      summary: 'Ids dos locais com "Avise-me" ligado',
      tags: ['favoritos'],
    }),
    on: endpoint({
      method: 'PUT',
      path: '/api/favorites/:productId/watch',
      params: watchParamsSchema,
      status: 204,
      summary: 'Liga o "Avise-me" de um favorito (semana liberada, preço menor)',
      tags: ['favoritos'],
    }),
    off: endpoint({
      method: 'DELETE',
      path: '/api/favorites/:productId/watch',
      params: watchParamsSchema,
      status: 204,
      summary: 'Desliga o "Avise-me" de um favorito',
      tags: ['favoritos'],
    }),
  },
} as const;
