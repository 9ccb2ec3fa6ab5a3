/**
 * Heavy modules load on first use, not at start (issue #21: idle memory ≤ 150 MB, first answer ≤ 1 s;
 * docs/decisions/040-compiled-start-and-honest-reads.md). Each import weighs 10–30 MB and 0.2–0.6 s
 * on this machine, and most processes never need them: a catalogue read uses none.
 */
import type * as S3Sdk from '@aws-sdk/client-s3';
import type * as S3Storage from '@aws-sdk/lib-storage';
import type * as FileType from 'file-type';
import type * as Jose from 'jose';
import type { Transporter } from 'nodemailer';
import type PdfKit from 'pdfkit';
import type * as PixUtils from 'pix-utils';
import type * as QrCode from 'qrcode';
import type Sharp from 'sharp';
import type * as Yazl from 'yazl';

type PdfKitClass = typeof PdfKit;

let sharpModule: Promise<typeof Sharp> | undefined;
let pdfModule: Promise<PdfKitClass> | undefined;
let qrModule: Promise<typeof QrCode> | undefined;
let s3Module: Promise<typeof S3Sdk> | undefined;
let pixModule: Promise<typeof PixUtils> | undefined;
let joseModule: Promise<typeof Jose> | undefined;
let fileTypeModule: Promise<typeof FileType> | undefined;
let s3UploadModule: Promise<typeof S3Storage> | undefined;
let yazlModule: Promise<typeof Yazl> | undefined;

export function loadSharp(): Promise<typeof Sharp> {
  sharpModule ??= import('sharp').then((m) => m.default);
  return sharpModule;
}

export function loadPdfKit(): Promise<PdfKitClass> {
  // pdfkit is CommonJS (`export =`): its class is the default export of the ES module.
  pdfModule ??= import('pdfkit').then((m) => (m as unknown as { default: PdfKitClass }).default);
  return pdfModule;
}

export function loadQrCode(): Promise<typeof QrCode> {
  qrModule ??= import('qrcode').then((m) => (m as typeof QrCode & { default?: typeof QrCode }).default ?? m);
  return qrModule;
}

export function loadS3(): Promise<typeof S3Sdk> {
  s3Module ??= import('@aws-sdk/client-s3');
  return s3Module;
}

/** pix-utils brings axios and qrcode with it (≈ 60 ms and 20 MB at start): only an order's Pix needs it. */
export function loadPixUtils(): Promise<typeof PixUtils> {
  pixModule ??= import('pix-utils');
  return pixModule;
}

/** Only Google sign-in verifies a signed token. */
export function loadJose(): Promise<typeof Jose> {
  joseModule ??= import('jose');
  return joseModule;
}

/** Only an upload reads a file's signature. */
export function loadFileType(): Promise<typeof FileType> {
  fileTypeModule ??= import('file-type');
  return fileTypeModule;
}

/** Only a stream stored on S3 (a data export) goes up in parts. */
export function loadS3Upload(): Promise<typeof S3Storage> {
  s3UploadModule ??= import('@aws-sdk/lib-storage');
  return s3UploadModule;
}

/** Only "baixar meus dados" writes a zip. */
export function loadYazl(): Promise<typeof Yazl> {
  // yazl is CommonJS: its exports are the default export of the ES module.
  yazlModule ??= import('yazl').then((m) => (m as typeof Yazl & { default?: typeof Yazl }).default ?? m);
  return yazlModule;
}

export type { Transporter };

export async function createMailTransport(smtpUrl: string): Promise<Transporter> {
  const nodemailer = await import('nodemailer');
  return (nodemailer.default ?? nodemailer).createTransport(smtpUrl);
}
