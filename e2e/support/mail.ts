import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

export const MAIL_DIR = path.resolve('test-results/mail');

interface StoredMail {
  to: string[];
  raw: string;
}

function decode(raw: string): string {
  // quoted-printable soft line breaks and escapes, enough to read links and subjects
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/** Waits for the newest e-mail to `to` whose text contains `contains`, and returns its decoded text. */
export async function waitForMail(to: string, contains: string, timeout = 15_000): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        const files = readdirSync(MAIL_DIR)
          .filter((file) => file.endsWith('.json'))
          .sort()
          .reverse();
        for (const file of files) {
          const mail = JSON.parse(readFileSync(path.join(MAIL_DIR, file), 'utf8')) as StoredMail;
          const text = decode(mail.raw);
          if (mail.to.includes(to) && text.includes(contains)) {
            found = text;
            return true;
          }
        }
        return false;
      },
      { timeout, message: `email para ${to} com "${contains}"` },
    )
    .toBe(true);
  return found!;
}

export function linkFrom(text: string, pathPart: string): string {
  const match = new RegExp(`https?://[^\\s"<>]+${pathPart}\\?token=[A-Za-z0-9_-]+`).exec(text);
  if (!match) throw new Error(`link ${pathPart} não encontrado`);
  return match[0];
}

/** Waits until `count` e-mails to `to` have reached the test SMTP server, and returns their texts. */
export async function waitForMails(to: string, count: number): Promise<string[]> {
  let found: string[] = [];
  await expect
    .poll(
      () => {
        found = readdirSync(MAIL_DIR)
          .filter((file) => file.endsWith('.json'))
          .map((file) => JSON.parse(readFileSync(path.join(MAIL_DIR, file), 'utf8')) as StoredMail)
          .filter((mail) => mail.to.includes(to))
          .map((mail) => decode(mail.raw));
        return found.length;
      },
      { timeout: 15_000, message: `${count} emails para ${to}` },
    )
    .toBe(count);
  return found;
}

/** The first link to a page by id in a mail (e.g. "/proposta/" followed by the id), without a token. */
export function pageLinkFrom(text: string, pathPart: string): string {
  const match = new RegExp(`https?://[^\\s"<>]+${pathPart}[A-Za-z0-9_-]+`).exec(text);
  if (!match) throw new Error(`link ${pathPart} não encontrado`);
  return match[0];
}
