import { formatAmount, formatDecimal, type AdminProduct, type ProductFormValues } from '@urbana/shared';

/** What the form starts from: a blank outdoor of one face, or the saved product as text. */
export function productFormValues(p?: AdminProduct): ProductFormValues {
  if (!p) {
    return {
      name: '',
      description: '',
      type: 'outdoor',
      address: '',
      neighborhood: '',
      city: '',
      // No UF chosen for the staff: a preset one saved a São Paulo address as 'São Paulo/DF'.
      state: '',
      latitude: '',
      longitude: '',
      daily_price: '',
      is_tower_based: false,
      weekly_audience: '0',
      audience_profile: '',
      audience_source: '',
      audience_method: '',
      audience_month: '',
      operating_hours: '',
      // A new product has no photo yet: it starts inactive (issue #40 item 8).
      status: 'inativo',
      towers: [newTower('Face principal')],
    };
  }
  return {
    name: p.name,
    description: p.description,
    type: p.type,
    address: p.address,
    neighborhood: p.neighborhood,
    city: p.city,
    state: p.state,
    // As staff type them (pt-BR): a saved '-15,79' came back as '-15.79'.
    latitude: formatDecimal(p.latitude, 10),
    longitude: formatDecimal(p.longitude, 10),
    daily_price: formatAmount(p.daily_price),
    is_tower_based: p.is_tower_based,
    weekly_audience: String(p.weekly_audience),
    audience_profile: p.audience_profile,
    audience_source: p.audience_source,
    audience_method: p.audience_method,
    audience_month: p.audience_month,
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

export const newTower = (name = '') => ({ name, screens: '1', weekly_audience: '0', slots: '1' });
