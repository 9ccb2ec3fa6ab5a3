// Sign-up, sign-in and sessions, password reset (docs/decisions/038-api-layout.md): the auth routes
// call the use cases through this one name.
export * from './account-links.ts';
export * from './password-reset.ts';
export * from './sessions.ts';
export * from './sign-up.ts';
export * from './tokens.ts';
