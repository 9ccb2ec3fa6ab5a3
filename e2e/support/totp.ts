// The code an authenticator app would show, from the secret the page gives (RFC 6238, the API's own
// implementation), so that a test signs in with two-factor like a person with a phone.
export { totp } from '../../apps/api/src/lib/totp.ts';
