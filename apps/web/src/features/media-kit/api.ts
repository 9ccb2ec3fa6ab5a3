import { queryOptions, useQuery } from '@tanstack/react-query';
import { type MediaKit } from '@urbana/shared';
import { call, hrefOf } from '../../lib/endpoint-call.ts';
import { mediaKitEndpoints } from '../../lib/endpoints/media-kit.ts';

export type { MediaKit };

export const MEDIA_KIT_PDF_URL = hrefOf(mediaKitEndpoints.pdf);

export const mediaKitQuery = queryOptions({
  queryKey: ['midia-kit'],
  queryFn: () => call(mediaKitEndpoints.read),
});
export const useMediaKit = () => useQuery(mediaKitQuery);
