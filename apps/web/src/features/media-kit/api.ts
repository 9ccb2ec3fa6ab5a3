import { queryOptions, useQuery } from '@tanstack/react-query';
import { type MediaKit } from '@urbana/shared';
import { call, hrefOf } from '../../lib/endpoint-call.ts';
import { endpoints } from '../../lib/api-endpoints.ts';

export type { MediaKit };

export const MEDIA_KIT_PDF_URL = hrefOf(endpoints.mediaKit.pdf);

export const mediaKitQuery = queryOptions({
  queryKey: ['midia-kit'],
  queryFn: () => call(endpoints.mediaKit.read),
});
export const useMediaKit = () => useQuery(mediaKitQuery);
