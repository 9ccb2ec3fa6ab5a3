import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

/** gzip/brotli for answers over 1 KiB (the event stream writes its own, uncompressed). */
export async function registerCompress(app: FastifyInstance): Promise<void> {
  await app.register(compress, { threshold: 1024 });
}
