import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductType } from '@urbana/shared';
import { api } from '../../lib/api-client.ts';

export interface MediaKit {
  generated_at: string;
  locations: number;
  cities: number;
  states: number;
  screens: number;
  weekly_audience: number;
  by_type: Array<{
    type: ProductType;
    locations: number;
    screens: number;
    weekly_audience: number;
    min_daily_price: number;
  }>;
  by_state: Array<{
    state: string;
    name: string;
    locations: number;
    cities: number;
    screens: number;
    weekly_audience: number;
  }>;
  top_cities: Array<{ city: string; state: string; locations: number; weekly_audience: number }>;
  points: Array<{
    id: string;
    slug: string;
    name: string;
    type: ProductType;
    latitude: number;
    longitude: number;
    daily_price: number;
  }>;
}

export const MEDIA_KIT_PDF_URL = '/api/midia-kit/pdf';

export const mediaKitQuery = queryOptions({
  queryKey: ['midia-kit'],
  queryFn: () => api<MediaKit>('/api/midia-kit'),
});
export const useMediaKit = () => useQuery(mediaKitQuery);
