/** The search shapes of the benchmark: those issue #21 names (each with its own p95), then a few more of what visitors do. */
export const benchShapes: Array<[string, string]> = [
  ['raio padrão (Brasília)', 'local=Brasília'],
  ['mapa sobre São Paulo', 'norte=-23.45&sul=-23.70&leste=-46.45&oeste=-46.85'],
  ['só disponíveis por preço', 'local=Brasília&ordem=menor_preco&disponivel=true'],
  ['um tipo (painel LED, São Paulo)', 'local=São Paulo&tipo=painel_led'],
  ['lugar a 150 km de toda capital (Uberlândia)', 'local=Uberlândia'],
  ['Rio, 10 km, maior audiência', 'lat=-22.90642&lng=-43.18223&raio=10&ordem=maior_audiencia'],
  ['Belo Horizonte até R$ 500, página 2', 'local=Belo Horizonte&preco_max=50000&pagina=2'],
  ['Curitiba flexível, 8 semanas', 'local=Curitiba&flexivel=true&semanas=8'],
];

/**
 * The map's shapes (GET /api/search/mapa, docs/decisions/045): a whole-country, a whole-state and a
 * city view, each with the zoom and the visible bounds the map sends; the groups come from the server.
 */
export const mapShapes: Array<[string, string]> = [
  ['mapa do Brasil, zoom 4', 'norte=5.3&sul=-33.8&leste=-34.8&oeste=-74&zoom=4'],
  ['mapa do estado de São Paulo, zoom 7', 'norte=-19.7&sul=-25.4&leste=-44.1&oeste=-53.2&zoom=7'],
  [
    'mapa da cidade de São Paulo, zoom 10',
    'norte=-23.35&sul=-23.8&leste=-46.35&oeste=-46.85&zoom=10&vista_norte=-23.3&vista_sul=-23.85&vista_leste=-46.2&vista_oeste=-47',
  ],
  [
    'mapa da cidade de São Paulo, zoom 12, raio padrão',
    'local=São Paulo&zoom=12&vista_norte=-23.49&vista_sul=-23.62&vista_leste=-46.55&vista_oeste=-46.72',
  ],
  ['mapa do Brasil, zoom 4, painel LED', 'norte=5.3&sul=-33.8&leste=-34.8&oeste=-74&zoom=4&tipo=painel_led'],
  [
    'mapa do estado de São Paulo, zoom 7, até R$ 500',
    'norte=-19.7&sul=-25.4&leste=-44.1&oeste=-53.2&zoom=7&preco_max=50000',
  ],
];
