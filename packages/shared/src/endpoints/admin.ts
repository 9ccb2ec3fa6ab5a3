/** Staff endpoints (/api/admin/…): each names its section, whose guard Fastify applies. */
export const adminEndpoints = {} as const;
