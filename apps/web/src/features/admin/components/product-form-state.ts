import { parseReais, type AdminProduct, type ProductType, formatAmount } from '@urbana/shared';

export interface TowerForm {
  id?: string | undefined;
  name: string;
  screens: string;
  weekly_audience: string;
  slots: string;
}

export interface FormState {
  name: string;
  description: string;
  type: ProductType;
  address: string;
  neighborhood: string;
  city: string;
  state: string;
  latitude: string;
  longitude: string;
  price: string;
  is_tower_based: boolean;
  weekly_audience: string;
  audience_profile: string;
  operating_hours: string;
  status: 'ativo' | 'inativo';
  towers: TowerForm[];
}

export const blank: FormState = {
  name: '',
  description: '',
  type: 'outdoor',
  address: '',
  neighborhood: '',
  city: '',
  state: 'DF',
  latitude: '',
  longitude: '',
  price: '',
  is_tower_based: false,
  weekly_audience: '0',
  audience_profile: '',
  operating_hours: '',
  status: 'ativo',
  towers: [{ name: 'Face principal', screens: '1', weekly_audience: '0', slots: '1' }],
};

export function fromProduct(p: AdminProduct): FormState {
  return {
    name: p.name,
    description: p.description,
    type: p.type,
    address: p.address,
    neighborhood: p.neighborhood,
    city: p.city,
    state: p.state,
    latitude: String(p.latitude),
    longitude: String(p.longitude),
    price: formatAmount(p.daily_price),
    is_tower_based: p.is_tower_based,
    weekly_audience: String(p.weekly_audience),
    audience_profile: p.audience_profile,
    operating_hours: p.operating_hours,
    status: p.status,
    towers: p.towers.map((t) => ({
      id: t.id,
      name: t.name,
      screens: String(t.screens),
      weekly_audience: String(t.weekly_audience),
      slots: String(t.slots),
    })),
  };
}

/** Numbers typed in pt-BR ("-15,79" or "-15.79"); NaN when not a number, so the schema says so. */
export const num = (value: string) => (value.trim() === '' ? Number.NaN : Number(value.replace(',', '.')));

export function toInput(form: FormState) {
  return {
    name: form.name,
    description: form.description,
    type: form.type,
    address: form.address,
    neighborhood: form.neighborhood,
    city: form.city,
    state: form.state,
    latitude: num(form.latitude),
    longitude: num(form.longitude),
    daily_price: parseReais(form.price) ?? Number.NaN,
    is_tower_based: form.is_tower_based,
    weekly_audience: num(form.weekly_audience),
    audience_profile: form.audience_profile,
    operating_hours: form.operating_hours,
    status: form.status,
    towers: form.towers.map((t) => ({
      ...(t.id ? { id: t.id } : {}),
      name: t.name,
      screens: num(t.screens),
      weekly_audience: num(t.weekly_audience),
      slots: num(t.slots),
    })),
  };
}
