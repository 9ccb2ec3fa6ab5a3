// The demo catalogue's cities and their areas and streets (data only; services/demo-catalog.ts builds the products).

/** A neighbourhood and the streets that run through it: an address takes its street from here. */
export interface DemoArea {
  name: string;
  lat: number;
  lng: number;
  streets: readonly string[];
}

export interface DemoCity {
  name: string;
  uf: string;
  areas: readonly DemoArea[];
}

const area = (name: string, lat: number, lng: number, ...streets: string[]): DemoArea => ({
  name,
  lat,
  lng,
  streets,
});

/**
 * Brasília's neighbourhoods, each with streets that really cross it (issue #16 item 16: an address
 * used to pair any street of the city with any neighbourhood, "Avenida Hélio Prates, Lago Sul").
 */
export const brasilia: DemoCity = {
  name: 'Brasília',
  uf: 'DF',
  areas: [
    area('Asa Sul', -15.8156, -47.8947, 'Via W3 Sul', 'Via L2 Sul', 'Eixo Rodoviário Sul'),
    area('Asa Norte', -15.7635, -47.8806, 'Via W3 Norte', 'Via L2 Norte', 'Eixo Rodoviário Norte'),
    area('Setor Comercial Sul', -15.7975, -47.8919, 'Via W3 Sul', 'Via S2'),
    area('Eixo Monumental', -15.7901, -47.8974, 'Eixo Monumental', 'Via N1', 'Via S1'),
    area('Sudoeste', -15.7985, -47.9239, 'Estrada Parque Indústrias Gráficas'),
    area('Noroeste', -15.7539, -47.9118, 'Estrada Parque Indústria e Abastecimento'),
    area('Lago Sul', -15.8416, -47.877, 'Estrada Parque Dom Bosco', 'Estrada Parque Aeroporto'),
    area('Lago Norte', -15.7359, -47.838, 'Estrada Parque Paranoá', 'Estrada Parque Península Norte'),
    area(
      'Águas Claras',
      -15.8402,
      -48.0276,
      'Avenida das Araucárias',
      'Avenida Castanheiras',
      'Avenida Pau-Brasil',
    ),
    area(
      'Taguatinga',
      -15.8336,
      -48.0565,
      'Avenida Comercial Norte',
      'Avenida Hélio Prates',
      'Avenida Samdu Norte',
    ),
    area('Guará', -15.8213, -47.9788, 'Estrada Parque Guará', 'Estrada Parque Taguatinga'),
    area('Ceilândia', -15.8199, -48.1081, 'Avenida Hélio Prates', 'Avenida Elmo Serejo'),
  ],
};

/** Every other state capital, with a few central neighbourhoods and streets of each. */
const capitals: readonly DemoCity[] = [
  {
    name: 'São Paulo',
    uf: 'SP',
    areas: [
      area('Bela Vista', -23.5614, -46.6559, 'Avenida Paulista', 'Rua Treze de Maio'),
      area('Pinheiros', -23.5662, -46.6916, 'Rua dos Pinheiros', 'Rua Teodoro Sampaio'),
      area('Itaim Bibi', -23.5846, -46.6789, 'Avenida Brigadeiro Faria Lima', 'Rua Joaquim Floriano'),
      area('Moema', -23.6005, -46.6658, 'Avenida Ibirapuera', 'Alameda dos Maracatins'),
    ],
  },
  {
    name: 'Rio de Janeiro',
    uf: 'RJ',
    areas: [
      area('Copacabana', -22.9711, -43.1863, 'Avenida Atlântica', 'Avenida Nossa Senhora de Copacabana'),
      area('Ipanema', -22.9838, -43.2096, 'Rua Visconde de Pirajá', 'Avenida Vieira Souto'),
      area('Centro', -22.9035, -43.1764, 'Avenida Rio Branco', 'Avenida Presidente Vargas'),
      area('Barra da Tijuca', -23.0004, -43.3659, 'Avenida das Américas', 'Avenida Lúcio Costa'),
    ],
  },
  {
    name: 'Salvador',
    uf: 'BA',
    areas: [
      area('Barra', -13.0096, -38.5313, 'Avenida Oceânica', 'Avenida Sete de Setembro'),
      area('Pituba', -12.999, -38.4566, 'Avenida Manoel Dias da Silva', 'Avenida Paulo VI'),
      area('Caminho das Árvores', -12.9817, -38.4567, 'Avenida Tancredo Neves'),
    ],
  },
  {
    name: 'Fortaleza',
    uf: 'CE',
    areas: [
      area('Meireles', -3.7262, -38.4947, 'Avenida Beira-Mar', 'Avenida da Abolição'),
      area('Aldeota', -3.7367, -38.496, 'Avenida Santos Dumont', 'Avenida Dom Luís'),
      area('Centro', -3.7277, -38.527, 'Avenida Duque de Caxias', 'Rua Major Facundo'),
    ],
  },
  {
    name: 'Belo Horizonte',
    uf: 'MG',
    areas: [
      area('Savassi', -19.9386, -43.9344, 'Avenida Getúlio Vargas', 'Avenida Cristóvão Colombo'),
      area('Centro', -19.9191, -43.9386, 'Avenida Afonso Pena', 'Avenida Amazonas'),
      area('Lourdes', -19.9317, -43.9436, 'Avenida Álvares Cabral'),
    ],
  },
  {
    name: 'Manaus',
    uf: 'AM',
    areas: [
      area('Centro', -3.1303, -60.0234, 'Avenida Eduardo Ribeiro', 'Avenida Sete de Setembro'),
      area('Adrianópolis', -3.1008, -60.012, 'Avenida Mário Ypiranga'),
      area('Ponta Negra', -3.0707, -60.098, 'Avenida Coronel Teixeira'),
    ],
  },
  {
    name: 'Curitiba',
    uf: 'PR',
    areas: [
      area('Centro', -25.4296, -49.2713, 'Rua XV de Novembro', 'Avenida Marechal Floriano Peixoto'),
      area('Batel', -25.4418, -49.2885, 'Avenida do Batel', 'Rua Comendador Araújo'),
    ],
  },
  {
    name: 'Recife',
    uf: 'PE',
    areas: [
      area('Boa Viagem', -8.1276, -34.9006, 'Avenida Boa Viagem', 'Avenida Conselheiro Aguiar'),
      area('Boa Vista', -8.0603, -34.8885, 'Avenida Conde da Boa Vista', 'Rua da Aurora'),
    ],
  },
  {
    name: 'Goiânia',
    uf: 'GO',
    areas: [
      area('Centro', -16.6799, -49.255, 'Avenida Goiás', 'Avenida Anhanguera'),
      area('Setor Bueno', -16.704, -49.27, 'Avenida T-63', 'Avenida T-9'),
      area('Setor Marista', -16.7012, -49.262, 'Avenida 85'),
    ],
  },
  {
    name: 'Belém',
    uf: 'PA',
    areas: [
      area('Nazaré', -1.4536, -48.4856, 'Avenida Nazaré', 'Avenida Governador José Malcher'),
      area('Umarizal', -1.4434, -48.4837, 'Avenida Visconde de Souza Franco'),
      area('Campina', -1.4526, -48.5, 'Avenida Presidente Vargas'),
    ],
  },
  {
    name: 'Porto Alegre',
    uf: 'RS',
    areas: [
      area('Centro Histórico', -30.031, -51.23, 'Avenida Borges de Medeiros', 'Rua dos Andradas'),
      area('Moinhos de Vento', -30.0258, -51.2019, 'Rua Padre Chagas'),
      area('Cidade Baixa', -30.042, -51.221, 'Rua da República', 'Rua João Alfredo'),
    ],
  },
  {
    name: 'São Luís',
    uf: 'MA',
    areas: [
      area('Centro', -2.5307, -44.302, 'Rua Grande', 'Avenida Pedro II'),
      area('Renascença', -2.5003, -44.2903, 'Avenida Colares Moreira'),
      area('Calhau', -2.4862, -44.2543, 'Avenida Litorânea'),
    ],
  },
  {
    name: 'Maceió',
    uf: 'AL',
    areas: [
      area('Ponta Verde', -9.6646, -35.705, 'Avenida Álvaro Otacílio', 'Avenida Sandoval Arroxelas'),
      area('Pajuçara', -9.6668, -35.7135, 'Avenida Doutor Antônio Gouveia'),
      area('Centro', -9.666, -35.7356, 'Rua do Comércio'),
    ],
  },
  {
    name: 'Campo Grande',
    uf: 'MS',
    areas: [area('Centro', -20.4628, -54.614, 'Avenida Afonso Pena', 'Rua 14 de Julho', 'Avenida Calógeras')],
  },
  {
    name: 'Natal',
    uf: 'RN',
    areas: [
      area('Ponta Negra', -5.8797, -35.1772, 'Avenida Engenheiro Roberto Freire'),
      area('Petrópolis', -5.7849, -35.2046, 'Avenida Hermes da Fonseca', 'Avenida Afonso Pena'),
      area('Lagoa Nova', -5.8185, -35.2117, 'Avenida Senador Salgado Filho', 'Avenida Prudente de Morais'),
    ],
  },
  {
    name: 'Teresina',
    uf: 'PI',
    areas: [
      area('Centro', -5.0892, -42.8019, 'Avenida Frei Serafim'),
      area('Jóquei', -5.0645, -42.7868, 'Avenida Nossa Senhora de Fátima'),
    ],
  },
  {
    name: 'João Pessoa',
    uf: 'PB',
    areas: [
      area(
        'Tambaú',
        -7.1159,
        -34.8236,
        'Avenida Almirante Tamandaré',
        'Avenida Nossa Senhora dos Navegantes',
      ),
      area('Manaíra', -7.1, -34.8302, 'Avenida Flávio Ribeiro Coutinho'),
      area('Centro', -7.1195, -34.8807, 'Avenida General Osório', 'Rua Duque de Caxias'),
    ],
  },
  {
    name: 'Aracaju',
    uf: 'SE',
    areas: [
      area('Atalaia', -10.9862, -37.053, 'Avenida Santos Dumont'),
      area('Jardins', -10.9445, -37.0588, 'Avenida Ministro Geraldo Barreto Sobral'),
      area('Centro', -10.9112, -37.05, 'Rua João Pessoa', 'Avenida Ivo do Prado'),
    ],
  },
  {
    name: 'Cuiabá',
    uf: 'MT',
    areas: [area('Centro Sul', -15.6, -56.098, 'Avenida Getúlio Vargas', 'Avenida Isaac Póvoas')],
  },
  {
    name: 'Porto Velho',
    uf: 'RO',
    areas: [area('Centro', -8.7612, -63.9004, 'Avenida Sete de Setembro', 'Avenida Presidente Dutra')],
  },
  {
    name: 'Macapá',
    uf: 'AP',
    areas: [area('Centro', 0.0342, -51.0546, 'Avenida FAB', 'Rua Cândido Mendes')],
  },
  {
    name: 'Florianópolis',
    uf: 'SC',
    areas: [
      area('Centro', -27.5963, -48.5502, 'Rua Felipe Schmidt', 'Avenida Hercílio Luz'),
      area('Agronômica', -27.5802, -48.5366, 'Avenida Jornalista Rubens de Arruda Ramos'),
      area('Trindade', -27.588, -48.522, 'Rua Lauro Linhares'),
    ],
  },
  {
    name: 'Rio Branco',
    uf: 'AC',
    areas: [area('Centro', -9.9747, -67.8076, 'Avenida Brasil', 'Avenida Getúlio Vargas')],
  },
  {
    name: 'Vitória',
    uf: 'ES',
    areas: [
      area('Praia do Canto', -20.2945, -40.294, 'Avenida Saturnino de Brito'),
      area('Jardim da Penha', -20.282, -40.293, 'Avenida Fernando Ferrari'),
      area('Centro', -20.3195, -40.338, 'Avenida Jerônimo Monteiro', 'Avenida Princesa Isabel'),
    ],
  },
  {
    name: 'Boa Vista',
    uf: 'RR',
    areas: [area('Centro', 2.8194, -60.6714, 'Avenida Jaime Brasil', 'Avenida Ville Roy')],
  },
  {
    name: 'Palmas',
    uf: 'TO',
    areas: [
      area(
        'Plano Diretor Sul',
        -10.185,
        -48.334,
        'Avenida Teotônio Segurado',
        'Avenida Juscelino Kubitschek',
      ),
    ],
  },
];

/** The demo's cities: Brasília first, then the capitals (exported for the catalogue's own test). */
export const demoCities: readonly DemoCity[] = [brasilia, ...capitals];
