import { loadPixUtils, loadQrCode } from '../lib/heavy-modules.ts';

function ascii(value: string, max: number): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/[^A-Za-z0-9 .-]/g, '')
    .toUpperCase()
    .slice(0, max)
    .trim();
}

/**
 * A Pix BR Code (EMV, CRC16) for an amount and a txid, from the merchant's key, name (≤ 25) and city
 * (≤ 15), as the Banco Central's manual requires.
 */
export async function pixPayload(input: {
  key: string;
  merchantName: string;
  merchantCity: string;
  amount: number;
  txid: string;
  info?: string;
}): Promise<string> {
  const { createStaticPix, hasError } = await loadPixUtils();
  const pix = createStaticPix({
    merchantName: ascii(input.merchantName, 25),
    merchantCity: ascii(input.merchantCity, 15),
    pixKey: input.key,
    transactionAmount: Number((input.amount / 100).toFixed(2)),
    txid: input.txid,
    ...(input.info ? { infoAdicional: ascii(input.info, 40) } : {}),
  });
  if (hasError(pix)) throw new Error('não foi possível gerar o código Pix');
  return pix.toBRCode();
}

export async function pixQrDataUrl(payload: string): Promise<string> {
  const QRCode = await loadQrCode();
  return QRCode.toDataURL(payload, { errorCorrectionLevel: 'M', margin: 1, width: 320 });
}

/**
 * A txid: 25 letters and digits for a static code (the BR Code's field holds 25 at most); a charge at a
 * PSP asks for 26 to 35 (API Pix `cob`), so it takes 32.
 */
export function newTxid(length: 25 | 32 = 25): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(length - 3));
  return `URB${Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('')}`;
}

/** The QR code of a BR Code as a PNG, for documents (an invoice's charge with a due date). */
export async function pixQrPng(payload: string): Promise<Buffer> {
  const QRCode = await loadQrCode();
  return QRCode.toBuffer(payload, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
}
