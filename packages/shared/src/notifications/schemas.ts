import { z } from 'zod';

/**
 * The bell's notifications: the API's response schemas, and the web's types by z.infer
 * (docs/decisions/037-one-contract-per-endpoint.md).
 */
export const notificationItemSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  created_at: z.string(),
});
export type NotificationItem = z.infer<typeof notificationItemSchema>;

/** The 50 most recent and how many are unread. */
export const notificationListSchema = z.object({
  unread: z.number(),
  items: z.array(notificationItemSchema),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationReadSchema = z.object({ notification: notificationItemSchema, unread: z.number() });
export const unreadCountSchema = z.object({ unread: z.number() });
