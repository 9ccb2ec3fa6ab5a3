import type { ProductType } from './catalog.ts';

/** The network in numbers, as GET /api/midia-kit answers (the page and the PDF show the same). */
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
