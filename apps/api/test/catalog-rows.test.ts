import { describe, expect, it } from 'vitest';
import { markerRowSchema, networkRowSchema, searchRowSchema } from '../src/services/catalog/rows.ts';

/** Issue #18 item 3: the catalogue's SQL rows are read through schemas (services/catalog/rows.ts). */
const row = {
  id: '6f1c2d3e-0000-4000-8000-000000000001',
  slug: 'painel-centro',
  name: 'Painel Centro',
  type: 'painel_led',
  address: 'Av. Central, 1',
  neighborhood: 'Centro',
  city: 'Brasília',
  state: 'DF',
  latitude: -15.79,
  longitude: -47.88,
  daily_price: '12345',
  weekly_audience: 50_000,
  is_tower_based: false,
  tower_count: 2,
  photo: 'fotos/a.webp',
  distance_km: 3.14159,
  total: '1300',
};

describe('catalogue row schemas', () => {
  it('reads a search row as the answer: int8 as text becomes a number, the photo its address', () => {
    const out = searchRowSchema.parse(row);
    expect(out.daily_price).toBe(12_345);
    expect(out.photo).toBe('/api/arquivos/fotos/a.webp');
    expect(out.distance_km).toBe(3.1);
    expect(Object.keys(out)).not.toContain('total');
    expect(searchRowSchema.parse({ ...row, photo: null }).photo).toBeNull();
  });

  it('keeps only the marker fields, in the answer order', () => {
    expect(Object.keys(markerRowSchema.parse(row))).toEqual([
      'id',
      'slug',
      'name',
      'latitude',
      'longitude',
      'daily_price',
      'photo',
    ]);
  });

  it('fails loudly on a row that is not a product (unknown type)', () => {
    expect(() => searchRowSchema.parse({ ...row, type: 'banner' })).toThrow();
  });

  it('reads the network figures per type from JSON text', () => {
    const out = networkRowSchema.parse({
      locations: 3,
      cities: 1,
      states: 1,
      screens: 4,
      weekly_audience: '90000',
      by_type: '[{"type":"outdoor","locations":3,"weekly_audience":90000}]',
    });
    expect(out.weekly_audience).toBe(90_000);
    expect(out.by_type).toEqual([{ type: 'outdoor', locations: 3, weekly_audience: 90_000 }]);
  });
});
