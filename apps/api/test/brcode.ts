/**
 * An independent reader of Pix BR Codes (EMV QRCPS), written for the tests from the Banco Central's
 * manual — it shares no code with the generator.
 */
export function parseTlv(payload: string): Map<string, string> {
  const out = new Map<string, string>();
  let i = 0;
  while (i < payload.length) {
    const id = payload.slice(i, i + 2);
    const len = Number(payload.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(len)) throw new Error(`TLV inválido na posição ${i}`);
    out.set(id, payload.slice(i + 4, i + 4 + len));
    i += 4 + len;
  }
  return out;
}

export function crc16(data: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(data, 'utf8')) {
    crc ^= byte << 8;
    for (let b = 0; b < 8; b++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

export function decodeBrCode(payload: string) {
  const top = parseTlv(payload);
  const account = parseTlv(top.get('26') ?? '');
  const extra = parseTlv(top.get('62') ?? '');
  return {
    formatIndicator: top.get('00'),
    gui: account.get('00'),
    key: account.get('01'),
    currency: top.get('53'),
    amount: top.get('54'),
    country: top.get('58'),
    merchantName: top.get('59'),
    merchantCity: top.get('60'),
    txid: extra.get('05'),
    crc: top.get('63'),
    crcComputed: crc16(payload.slice(0, payload.length - 4)),
  };
}
