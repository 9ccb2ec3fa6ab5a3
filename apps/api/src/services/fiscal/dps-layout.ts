/**
 * The part of the DPS layout v1.01 (`TCDPS` in tiposComplexos_v1.01.xsd) that Urbana writes, as data
 * for dps-check.ts: each group's elements in the schema's order, whether they are optional, and each
 * leaf's simple type from tiposSimples_v1.01.xsd, with the problem in Portuguese when a value breaks it.
 * Transcribed by hand from the published schema, which the project does not ship.
 */

/** A leaf's simple type: the problem with `value`, or null. */
export type SimpleType = (value: string) => string | null;

export interface Spec {
  name: string;
  optional?: boolean;
  max?: number;
  type?: SimpleType;
  children?: Particle[];
}

export type Particle = Spec | { choice: Spec[]; optional?: boolean };

const pattern =
  (re: RegExp, what: string): SimpleType =>
  (value) =>
    re.test(value) ? null : `"${value}" não é ${what}.`;

/** `TSString` and its kin: Latin-1 characters without blanks at the ends, within the lengths. */
const text =
  (min: number, max: number, lineBreaks = false): SimpleType =>
  (value) => {
    if (value.length < min || value.length > max)
      return `deve ter de ${min} a ${max} caracteres (tem ${value.length}).`;
    if (!lineBreaks && /[^\u0020-\u00FF]/.test(value))
      return 'contém caracteres fora do conjunto aceito (Latin-1, sem quebras de linha).';
    if (value.trim() !== value) return 'não pode começar nem terminar com espaço.';
    return null;
  };

const oneOf =
  (...values: string[]): SimpleType =>
  (value) =>
    values.includes(value) ? null : `"${value}" deve ser ${values.join(', ')}.`;

// The date patterns of the schema, which also refuse 30 February and 31 April.
const DATE =
  '(((20(([02468][048])|([13579][26]))-02-29))|(20[0-9][0-9])-((((0[1-9])|(1[0-2]))-((0[1-9])|(1\\d)|(2[0-8])))|((((0[13578])|(1[02]))-31)|(((0[1,3-9])|(1[0-2]))-(29|30)))))';
const OFFSET = '([-+](0[0-9]|10|11):00|\\+12:00)';

export const t = {
  cnpj: pattern(
    /^[0-9A-Z]{12}[0-9]{2}$/,
    'um CNPJ (14 caracteres: 12 letras maiúsculas ou algarismos e 2 algarismos)',
  ),
  cpf: pattern(/^[0-9]{11}$/, 'um CPF (11 algarismos)'),
  cMun: pattern(/^[0-9]{7}$/, 'um código de município do IBGE (7 algarismos)'),
  cep: pattern(/^[0-9]{8}$/, 'um CEP (8 algarismos)'),
  phone: pattern(/^[0-9]{6,20}$/, 'um telefone (6 a 20 algarismos)'),
  dateTime: pattern(
    new RegExp(`^${DATE}T(20|21|22|23|[0-1]\\d):[0-5]\\d:[0-5]\\d${OFFSET}$`),
    'uma data e hora AAAA-MM-DDThh:mm:ss±hh:00',
  ),
  date: pattern(new RegExp(`^${DATE}$`), 'uma data AAAA-MM-DD'),
  money: pattern(
    /^(0|0\.[0-9]{2}|[1-9][0-9]{0,14}(\.[0-9]{2})?)$/,
    'um valor com duas casas decimais (ex.: 1234.56)',
  ),
  rate: pattern(/^(0|[0-9](\.[0-9]{2})?)$/, 'uma alíquota de 0 a 9.99 com duas casas decimais'),
  serie: pattern(/^(?!0{1,5}$)[0-9]{1,5}$/, 'uma série (1 a 5 algarismos, não todos zero)'),
  nDps: pattern(/^[1-9][0-9]{0,14}$/, 'um número de DPS (1 a 15 algarismos, sem zero à esquerda)'),
  code6: pattern(/^[0-9]{6}$/, 'um código de 6 algarismos'),
  code3: pattern(/^[0-9]{3}$/, 'um código de 3 algarismos'),
  nbs: pattern(/^[0-9]{9}$/, 'um código NBS (9 algarismos)'),
  internal: pattern(/^[a-zA-Z0-9]{1,20}$/, 'um código interno (1 a 20 letras ou algarismos)'),
  text,
  oneOf,
};

/** TCEndereco with a national address (endNac). */
const ADDRESS: Spec = {
  name: 'end',
  optional: true,
  children: [
    {
      choice: [
        {
          name: 'endNac',
          children: [
            { name: 'cMun', type: t.cMun },
            { name: 'CEP', type: t.cep },
          ],
        },
      ],
    },
    { name: 'xLgr', type: text(1, 255) },
    { name: 'nro', type: text(1, 60) },
    { name: 'xCpl', optional: true, type: text(1, 156) },
    { name: 'xBairro', type: text(1, 60) },
  ],
};

const DOCUMENT = {
  choice: [
    { name: 'CNPJ', type: t.cnpj },
    { name: 'CPF', type: t.cpf },
  ],
};

const PREST: Spec = {
  name: 'prest',
  children: [
    DOCUMENT,
    { name: 'IM', optional: true, type: text(1, 15) },
    { name: 'xNome', optional: true, type: text(1, 300, true) },
    ADDRESS,
    { name: 'fone', optional: true, type: t.phone },
    { name: 'email', optional: true, type: text(1, 80) },
    {
      name: 'regTrib',
      children: [
        { name: 'opSimpNac', type: oneOf('1', '2', '3') },
        { name: 'regApTribSN', optional: true, type: oneOf('1', '2', '3') },
        { name: 'regEspTrib', type: oneOf('0', '1', '2', '3', '4', '5', '6') },
      ],
    },
  ],
};

const TOMA: Spec = {
  name: 'toma',
  optional: true,
  children: [
    DOCUMENT,
    { name: 'IM', optional: true, type: text(1, 15) },
    { name: 'xNome', type: text(1, 300, true) },
    ADDRESS,
    { name: 'fone', optional: true, type: t.phone },
    { name: 'email', optional: true, type: text(1, 80) },
  ],
};

const SERV: Spec = {
  name: 'serv',
  children: [
    { name: 'locPrest', children: [{ choice: [{ name: 'cLocPrestacao', type: t.cMun }] }] },
    {
      name: 'cServ',
      children: [
        { name: 'cTribNac', type: t.code6 },
        { name: 'xDescServ', type: text(1, 2000, true) },
        { name: 'cNBS', type: t.nbs },
        { name: 'cIntContrib', optional: true, type: t.internal },
      ],
    },
  ],
};

const VALORES: Spec = {
  name: 'valores',
  children: [
    {
      name: 'vServPrest',
      children: [
        { name: 'vReceb', optional: true, type: t.money },
        { name: 'vServ', type: t.money },
      ],
    },
    {
      name: 'vDescCondIncond',
      optional: true,
      children: [
        { name: 'vDescIncond', optional: true, type: t.money },
        { name: 'vDescCond', optional: true, type: t.money },
      ],
    },
    {
      name: 'trib',
      children: [
        {
          name: 'tribMun',
          children: [
            { name: 'tribISSQN', type: oneOf('1', '2', '3', '4') },
            { name: 'tpRetISSQN', type: oneOf('1', '2', '3') },
            { name: 'pAliq', optional: true, type: t.rate },
          ],
        },
        { name: 'totTrib', children: [{ choice: [{ name: 'indTotTrib', type: oneOf('0') }] }] },
      ],
    },
  ],
};

const IBSCBS: Spec = {
  name: 'IBSCBS',
  optional: true,
  children: [
    { name: 'finNFSe', type: oneOf('0') },
    { name: 'indFinal', optional: true, type: oneOf('0', '1') },
    { name: 'cIndOp', type: t.code6 },
    { name: 'indDest', type: oneOf('0', '1') },
    {
      name: 'valores',
      children: [
        {
          name: 'trib',
          children: [
            {
              name: 'gIBSCBS',
              children: [
                { name: 'CST', type: t.code3 },
                { name: 'cClassTrib', type: t.code6 },
              ],
            },
          ],
        },
      ],
    },
  ],
};

export const DPS_LAYOUT: Spec = {
  name: 'DPS',
  children: [
    {
      name: 'infDPS',
      children: [
        { name: 'tpAmb', type: oneOf('1', '2') },
        { name: 'dhEmi', type: t.dateTime },
        { name: 'verAplic', type: text(1, 20) },
        { name: 'serie', type: t.serie },
        { name: 'nDPS', type: t.nDps },
        { name: 'dCompet', type: t.date },
        { name: 'tpEmit', type: oneOf('1') },
        { name: 'cLocEmi', type: t.cMun },
        PREST,
        TOMA,
        SERV,
        VALORES,
        IBSCBS,
      ],
    },
    { name: 'Signature', optional: true },
  ],
};
