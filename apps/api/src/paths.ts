import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The API package's folder (apps/api). This file runs from `src/` under tsx and from `dist/` once
 * compiled into one bundle (docs/decisions/040-compiled-start-and-honest-reads.md): both are one
 * level below it, so every path the server needs is taken from here, never from a module's own URL.
 */
export const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
