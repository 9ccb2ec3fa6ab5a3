import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { paymentEvents } from '../src/db/schema/index.ts';
import { peerIsTrustedProxy } from '../src/lib/trusted-proxy.ts';
import { createTestApp, testConfig, type TestContext } from './helpers.ts';

const trustOf = (value: string | undefined) => loadConfig({ TRUST_PROXY: value }).trustProxy;

describe('a header set by a proxy is believed only from a proxy TRUST_PROXY names', () => {
  it('no TRUST_PROXY: no peer is a proxy', () => {
    expect(peerIsTrustedProxy(trustOf(undefined), '127.0.0.1')).toBe(false);
  });

  it('addresses and ranges: only the peers inside them, IPv4 written as IPv6 too', () => {
    const trust = trustOf('10.0.0.5, 192.168.10.0/24');
    expect(peerIsTrustedProxy(trust, '10.0.0.5')).toBe(true);
    expect(peerIsTrustedProxy(trust, '::ffff:192.168.10.77')).toBe(true);
    // A caller that reaches the API directly, past nginx.
    expect(peerIsTrustedProxy(trust, '127.0.0.1')).toBe(false);
    expect(peerIsTrustedProxy(trust, '203.0.113.9')).toBe(false);
    expect(peerIsTrustedProxy(trust, undefined)).toBe(false);
  });

  it("proxy-addr's names, true and a hop count", () => {
    expect(peerIsTrustedProxy(trustOf('loopback'), '::1')).toBe(true);
    expect(peerIsTrustedProxy(trustOf('loopback'), '10.1.1.1')).toBe(false);
    expect(peerIsTrustedProxy(trustOf('true'), '203.0.113.9')).toBe(true);
    expect(peerIsTrustedProxy(trustOf('1'), '203.0.113.9')).toBe(true);
  });
});

describe('the API Pix webhook behind TRUST_PROXY', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // nginx is at 10.0.0.5; a request from anywhere else is a caller past nginx.
    ctx = await createTestApp({
      config: testConfig({ TRUST_PROXY: '10.0.0.5', PIX_PSP_URL: 'https://psp.invalid/v2' }),
    });
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
  });

  it('refuses the certificate header from a peer that is not the proxy, and records nothing', async () => {
    const endToEndId = `E99999999${'7'.repeat(23)}`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/pix/pix',
      remoteAddress: '127.0.0.1',
      headers: { 'x-ssl-client-verify': 'SUCCESS' },
      payload: {
        pix: [{ endToEndId, txid: 'A'.repeat(30), valor: '10.00', horario: new Date().toISOString() }],
      },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Notificação não autenticada.' });
    const events = await ctx.database.db
      .select({ n: count() })
      .from(paymentEvents)
      .where(eq(paymentEvents.provider_event_id, `pix:${endToEndId}`));
    expect(events[0]!.n).toBe(0);
  });
});
