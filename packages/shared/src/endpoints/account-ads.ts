/** The signed-in customer's media library, ads and the proof photos of their campaigns. */
import { z } from 'zod';
import { adMessages, campaignMessages, mediaMessages } from '../ads/rules.ts';
import {
  adBodySchema,
  adDetailSchema,
  adListQuerySchema,
  adListSchema,
  adOptionsQuerySchema,
  adOptionsSchema,
  mediaItemSchema,
  mediaLibrarySchema,
  mediaRenameBodySchema,
} from '../ads/schemas.ts';
import { endpoint } from './define.ts';
import { uuidParams } from './params.ts';

const mediaTags = ['mídias'] as const;
const adTags = ['anúncios'] as const;
const mediaParams = uuidParams(mediaMessages.notFound);
const adParams = uuidParams(adMessages.notFound);
/** A stored file: the file itself or its thumbnail. */
const variant = z.enum(['arquivo', 'miniatura'], { error: 'Arquivo não encontrado.' });

export const accountAdEndpoints = {
  media: {
    list: endpoint({
      method: 'GET',
      path: '/api/media',
      answer: mediaLibrarySchema,
      summary: 'A biblioteca de mídias, o espaço usado e os limites',
      tags: mediaTags,
    }),
    /** The body is the file's bytes (no multipart): call it with `uploadTo`. */
    upload: endpoint({
      method: 'POST',
      path: '/api/media',
      headers: z.object({ 'x-file-name': z.string().max(1000).optional() }),
      answer: mediaItemSchema,
      status: 201,
      summary:
        'Envia um arquivo (corpo = bytes do arquivo; nome em X-File-Name). JPG, PNG, WebP ou MP4, conferidos pelo conteúdo',
      tags: mediaTags,
    }),
    item: endpoint({
      method: 'GET',
      path: '/api/media/:id',
      params: mediaParams,
      answer: mediaItemSchema,
      summary: 'Detalhes de um arquivo e onde ele é usado',
      tags: mediaTags,
    }),
    rename: endpoint({
      method: 'PATCH',
      path: '/api/media/:id',
      params: mediaParams,
      body: mediaRenameBodySchema,
      answer: mediaItemSchema,
      summary: 'Renomeia um arquivo',
      tags: mediaTags,
    }),
    remove: endpoint({
      method: 'DELETE',
      path: '/api/media/:id',
      params: mediaParams,
      status: 204,
      summary: 'Exclui um arquivo (recusado enquanto um anúncio ativo o usa)',
      tags: mediaTags,
    }),
    file: endpoint({
      method: 'GET',
      path: '/api/media/:id/:variant',
      params: mediaParams.extend({ variant }),
      summary: 'O arquivo ou sua miniatura (dono ou equipe)',
      tags: mediaTags,
    }),
  },
  proofs: {
    photo: endpoint({
      method: 'GET',
      path: '/api/comprovacoes/:id/:variant',
      params: uuidParams(campaignMessages.proofNotFound).extend({ variant }),
      summary: 'Foto de comprovação de veiculação (dono do pedido ou equipe)',
      tags: adTags,
    }),
  },
  ads: {
    list: endpoint({
      method: 'GET',
      path: '/api/ads',
      query: adListQuerySchema,
      answer: adListSchema,
      summary: 'Meus anúncios, com filtro de status',
      tags: adTags,
    }),
    options: endpoint({
      method: 'GET',
      path: '/api/ads/opcoes',
      query: adOptionsQuerySchema,
      answer: adOptionsSchema,
      summary: 'Os itens reservados em que um anúncio pode rodar (com prazo de envio da arte)',
      tags: adTags,
    }),
    create: endpoint({
      method: 'POST',
      path: '/api/ads',
      body: adBodySchema,
      answer: adDetailSchema,
      status: 201,
      summary: 'Cria um anúncio (rascunho); cada arquivo é conferido com a especificação de cada item',
      tags: adTags,
    }),
    detail: endpoint({
      method: 'GET',
      path: '/api/ads/:id',
      params: adParams,
      answer: adDetailSchema,
      summary: 'Um anúncio',
      tags: adTags,
    }),
    update: endpoint({
      method: 'PUT',
      path: '/api/ads/:id',
      params: adParams,
      body: adBodySchema,
      answer: adDetailSchema,
      summary: 'Altera um anúncio em rascunho ou reprovado',
      tags: adTags,
    }),
    submit: endpoint({
      method: 'POST',
      path: '/api/ads/:id/enviar',
      params: adParams,
      answer: adDetailSchema,
      summary: 'Envia o anúncio para análise (dentro do prazo de envio da arte)',
      tags: adTags,
    }),
    remove: endpoint({
      method: 'DELETE',
      path: '/api/ads/:id',
      params: adParams,
      status: 204,
      summary: 'Exclui um rascunho',
      tags: adTags,
    }),
  },
} as const;
