import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints, type MediaKit } from '@urbana/shared';
import { call, hrefOf } from '../../lib/endpoint-call.ts';

export type { MediaKit };

export const MEDIA_KIT_PDF_URL = hrefOf(endpoints.mediaKit.pdf);

export const mediaKitQuery = queryOptions({
  queryKey: ['midia-kit'],
  queryFn: () => call(endpoints.mediaKit.read),
});
export const useMediaKit = () => useQuery(mediaKitQuery);
