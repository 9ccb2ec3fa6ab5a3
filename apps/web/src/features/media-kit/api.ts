import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MediaKit } from '@urbana/shared';

export type { MediaKit };
import { api } from '../../lib/api-client.ts';

export const MEDIA_KIT_PDF_URL = '/api/midia-kit/pdf';

export const mediaKitQuery = queryOptions({
  queryKey: ['midia-kit'],
  queryFn: () => api<MediaKit>('/api/midia-kit'),
});
export const useMediaKit = () => useQuery(mediaKitQuery);
