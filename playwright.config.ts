import { defineConfig, devices } from '@playwright/test';
import { E2E_ISSUER, GOOGLE_E2E, PIX_WEBHOOK_SECRET_E2E, STAFF } from './e2e/support/fixtures.ts';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2625);
export const E2E_OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 2626);
export const E2E_CNPJ_PORT = Number(process.env.E2E_CNPJ_PORT ?? 2627);
/** The PSP simulator's API Pix (mTLS) and its page, where a test pays a charge as a payer's bank would. */
export const E2E_PSP_PORT = Number(process.env.E2E_PSP_PORT ?? 2628);
export const E2E_PSP_PAGE_PORT = Number(process.env.E2E_PSP_PAGE_PORT ?? 2629);
/** The Sefin Nacional simulator (mTLS), where the server's fiscal worker issues the NFS-e of paid orders. */
export const E2E_SEFIN_PORT = Number(process.env.E2E_SEFIN_PORT ?? 2630);
/** The Sefin simulator's page, where a test has the next emission refused. */
export const E2E_SEFIN_PAGE_PORT = Number(process.env.E2E_SEFIN_PAGE_PORT ?? 2631);
const baseURL = `http://localhost:${E2E_PORT}`;

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: true,
  retries: 0,
  // CI shares two cores between the server, two browsers and the tests: the same steps take twice as
  // long there (24.9 min against 11.4 min on a quiet machine), so the waits are twice as long too.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 14_000 : 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  globalSetup: './e2e/support/global-setup.ts',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: chromium,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  },
  projects: [
    // The media kit is compared with counts of the seeded catalogue: it runs before any test that
    // creates products (the admin spec does).
    {
      name: 'catalogo-intacto',
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
      testMatch: /content\.spec\.ts/,
    },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
      // *.phone.spec.ts are written for a phone's screen: they run in the phone project only.
      testIgnore: [/content\.spec\.ts/, /\.phone\.spec\.ts/],
      dependencies: ['catalogo-intacto'],
    },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], launchOptions: chromium },
      testMatch: /.*\.phone\.spec\.ts|smoke\.spec\.ts/,
    },
  ],
  webServer: {
    // The built app, served by the API as in production, on a throw-away embedded database.
    command: 'node e2e/support/start-server.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    // A machine shared by several test runs can need longer to start the server.
    timeout: Number(process.env.E2E_SERVER_TIMEOUT ?? 60_000),
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      PUBLIC_URL: baseURL,
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      GOOGLE_CLIENT_ID: GOOGLE_E2E.clientId,
      GOOGLE_CLIENT_SECRET: GOOGLE_E2E.clientSecret,
      GOOGLE_ISSUER: `http://127.0.0.1:${E2E_OIDC_PORT}`,
      // The project's own CNPJ registry (BrasilAPI protocol), started by the global set-up.
      CNPJ_LOOKUP_URL: `http://127.0.0.1:${E2E_CNPJ_PORT}`,
      // Pix through the project's PSP simulator, started by start-server.mjs (issue #41).
      E2E_PSP_PORT: String(E2E_PSP_PORT),
      E2E_PSP_PAGE_PORT: String(E2E_PSP_PAGE_PORT),
      PIX_WEBHOOK_SECRET: PIX_WEBHOOK_SECRET_E2E,
      // NFS-e through the project's Sefin simulator, started by start-server.mjs (issue #42), which
      // sets NFSE_URL and the certificates; the issuer is a made-up company of Brasília.
      E2E_SEFIN_PORT: String(E2E_SEFIN_PORT),
      E2E_SEFIN_PAGE_PORT: String(E2E_SEFIN_PAGE_PORT),
      ...E2E_ISSUER,
      // The media library's image limit at 20 MB (the default follows the creative specifications,
      // 100 MB): upload-limits.spec.ts shows the refusal without handing 100 MB to the browser.
      MEDIA_IMAGE_MAX_MB: '20',
      ADMIN_EMAILS: STAFF.admin,
      // The staff accounts come from the command line with a password alone; the rule that an admin
      // sets up two-factor sign-in before using the panel has its own API tests (two-factor.test.ts).
      ADMIN_TWO_FACTOR_REQUIRED: 'false',
      // Every browser test comes from 127.0.0.1: lift the per-IP limits (the limits have API tests).
      RATE_LIMIT_SCALE: '100',
      // The demo catalogue has 152 places: a map cap of 100 lets a whole-country view show the
      // server's groups (e2e/map-clusters.spec.ts) while every city's search still shows its markers.
      SEARCH_MAP_MARKERS: '100',
      E2E_ADMIN_EMAIL: STAFF.admin,
      E2E_OPERADOR_EMAIL: STAFF.operador,
      E2E_STAFF_PASSWORD: STAFF.password,
    },
  },
});
