/** Endpoints anyone may call: catalogue, content, sign-in, health, webhooks, players. */
export const publicEndpoints = {} as const;
