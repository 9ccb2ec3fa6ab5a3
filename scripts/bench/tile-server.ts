/**
 * A map tile server on loopback for the benchmarks: the machine that measures has no internet, and
 * the page should be measured with its map tiles loading, not failing. Every `/{z}/{x}/{y}.png`
 * answers the same 256×256 PNG (a light ground colour), as a tile server would, with CORS.
 */
import { createServer, type Server } from 'node:http';
import sharp from 'sharp';

export async function startTileServer(): Promise<{ url: string; close(): Promise<void> }> {
  const tile = await sharp({
    create: { width: 256, height: 256, channels: 3, background: { r: 236, g: 233, b: 225 } },
  })
    .png()
    .toBuffer();
  const server: Server = createServer((request, response) => {
    if (!/^\/\d+\/\d+\/\d+\.png$/.test(request.url ?? '')) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'content-type': 'image/png',
      'content-length': tile.length,
      'cache-control': 'public, max-age=86400',
      'access-control-allow-origin': '*',
    });
    response.end(tile);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const tiles = await startTileServer();
  process.stdout.write(`${tiles.url}\n`);
}
